/**
 * Where the benches' load generator runs: in its own thread (BENCH_WORKERS, default 1), as the issues measured
 * from outside — in the server's thread its own HTTP work (parsing a 55 KB menu tree per answer, building
 * requests) was charged to the server. BENCH_WORKERS=0 keeps it in-process (the figures of decisions 0025 and
 * 0030, and of the movement and list benches before decision 0032).
 */
export const workers = Number(process.env.BENCH_WORKERS ?? 1);

/** autocannon options that put the generator where BENCH_WORKERS says. */
export const generatorOptions = (): { workers?: number } => (workers > 0 ? { workers } : {});

/** How a bench's header line names it. */
export const generatorLabel = (): string => (workers ? `generator in ${workers} worker thread(s)` : 'generator in-process');
