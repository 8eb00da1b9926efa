/**
 * Studbook genetics speed (decision 0037): synthetic studbooks of 5 000 and 20 000 animals over 30 generations
 * (the last two mostly alive), timing what one studbook read computes — the pedigree's order, F of every animal,
 * MK of the living, GD/FGE, founder contributions and the ranked pair list — and a single what-if (kinship of two
 * living animals with F and d kept). Targets: 5 000 under 1 s, 20 000 under 15 s within 1 GiB, what-if under 50 ms.
 * Pure computation: no server, no database. Times are wall clock; the CPU time of the same span is printed beside
 * (on a machine shared with other work, wall clock includes waiting for a core; on an idle one they agree), and
 * the targets are judged on the CPU time.
 */
import { analyse, compilePedigree, inbreeding, kinshipOf, rankPairs } from '@zoo/server/src/modules/zoo/studbook/kinship';
import { randomPedigree } from '@zoo/server/src/modules/zoo/studbook/synthetic';

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const cpuMs = (c0: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};
let peak = 0;
const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));

function run(n: number, livingGens: number, limitMs: number): boolean {
  const list = randomPedigree(n, 30, 7, livingGens);
  sample();
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  const ped = compilePedigree(list);
  const tOrder = ms(t0);
  const inb = inbreeding(ped);
  const tF = ms(t0);
  const gen = analyse(ped, inb);
  const tMk = ms(t0);
  const pairs = rankPairs(gen, { generations: 3, maxF: 1 / 16 });
  const total = ms(t0);
  const cpu = cpuMs(c0);
  sample();
  const living = [...ped.ids].filter((_, i) => ped.alive[i]);
  const a = living[0]!;
  const b = living[living.length - 1]!;
  const t1 = process.hrtime.bigint();
  const c1 = process.cpuUsage();
  const k = kinshipOf(ped, inb, a, b);
  const whatIf = ms(t1);
  const whatIfCpu = cpuMs(c1);
  const f = gen.figures;
  console.log(
    `${String(n).padStart(6)} animals, ${f.living} living, ${gen.founders.length} founders: order ${tOrder.toFixed(0)} ms, ` +
      `+F ${(tF - tOrder).toFixed(0)} ms, +MK/GD/founders ${(tMk - tF).toFixed(0)} ms, +pairs ${(total - tMk).toFixed(0)} ms ` +
      `(${pairs.length} pairs) = ${total.toFixed(0)} ms, CPU ${cpu.toFixed(0)} ms [target < ${limitMs}]; GD ${f.gd.toFixed(4)}, ` +
      `FGE ${f.fge.toFixed(2)}, mean F ${f.meanF.toFixed(4)}; what-if ${whatIf.toFixed(2)} ms, CPU ${whatIfCpu.toFixed(2)} ms ` +
      `(f = ${k.toFixed(4)}) [target < 50]`,
  );
  return cpu < limitMs && whatIfCpu < 50;
}

run(1000, 2, 1000); // warm-up (JIT)
const ok = [run(5000, 2, 1000), run(20000, 2, 15000)];
run(5000, 6, Infinity); // stress, no target: six living generations (3× the living, 10× the pairs)
sample();
console.log(`peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB [target < 1024]`);
if (!ok.every(Boolean) || peak > 2 ** 30) {
  console.log('studbook bench: a target was missed');
  process.exitCode = 1;
}
