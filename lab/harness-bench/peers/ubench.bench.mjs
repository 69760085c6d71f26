// The peers workloads written for ubench: one bench() per workload, default settings.
import { bench } from 'ubench';
import { WORKLOADS } from './workloads.mjs';

for (const { name, fn } of WORKLOADS) bench(name, fn);
