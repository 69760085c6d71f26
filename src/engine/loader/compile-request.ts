/**
 * How `require()` gets a TypeScript file compiled without compiling it in the benchmark's own V8
 * isolate. A compiler there is not neutral: its code is optimized by the same isolate, its heap sits
 * beside the benchmark's, and a compiler that runs WebAssembly (amaro, tried first) grows a memory
 * that detaches its old ArrayBuffer, which invalidates V8's detaching protector for the whole
 * isolate — from then on every typed-array access checks for a detached buffer (a 10,000-element
 * Float64Array sum ran 8.2 µs before and 16.5 µs after, measured on this project's machine, Node
 * 20). So the main thread asks the loader thread (where the module hooks run, in an isolate of
 * their own) through `import.meta.resolve`, which is synchronous: the request is a specifier of
 * ubench's own scheme, and the answer comes back as a `data:` URL holding the compiled code.
 */

const SCHEME = 'ubench-compile:';
const ANSWER = 'data:text/javascript;charset=utf-8,';

/** The specifier that asks for a file compiled for `require()`. */
export function compileRequest(fileUrl: string): string {
  return `${SCHEME}${fileUrl}`;
}

/** The file URL a specifier asks to compile, or null when it is not such a request. */
export function requestedFile(specifier: string): string | null {
  return specifier.startsWith(SCHEME) ? specifier.slice(SCHEME.length) : null;
}

/** The answer: the compiled code as a URL. */
export function compiledAnswer(code: string): string {
  return `${ANSWER}${encodeURIComponent(code)}`;
}

/** The compiled code of an answer. */
export function compiledCode(url: string): string {
  if (!url.startsWith(ANSWER)) throw new Error(`ubench's loader did not answer a compile request (got ${url.slice(0, 60)})`);
  return decodeURIComponent(url.slice(ANSWER.length));
}
