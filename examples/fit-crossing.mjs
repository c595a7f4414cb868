// examples/fit-crossing.mjs: the fair value of a sweep's games by the monotone fit and bootstrap
// `skirmish sweep` uses, for results you filter or combine yourself (army lists not taken into account).
//   node examples/fit-crossing.mjs reports/shieldbearer-cost/games.csv shieldbearer_model_cost
import { readFileSync } from 'node:fs';
import { fairCrossing } from 'skirmish-lab';

const [file, parameter] = process.argv.slice(2);
if (!file || !parameter) {
  console.error('usage: node examples/fit-crossing.mjs GAMES_CSV PARAMETER');
  process.exit(2);
}

/** One CSV line's fields (double quotes around fields that hold commas or quotes). */
function fields(line) {
  const out = [];
  for (let i = 0; i <= line.length; i++) {
    let f = '';
    if (line[i] === '"') {
      for (i++; i < line.length && !(line[i] === '"' && line[i + 1] !== '"'); i++) f += line[i] === '"' ? line[++i] : line[i];
      i++;
    } else {
      for (; i < line.length && line[i] !== ','; i++) f += line[i];
    }
    out.push(f);
  }
  return out;
}

const [header, ...lines] = readFileSync(file, 'utf8').trimEnd().split('\n');
const names = fields(header);
if (!names.includes(parameter)) {
  console.error(`${file}: no column ${parameter} (columns: ${names.join(', ')})`);
  process.exit(2);
}
const rows = lines.map((l) => Object.fromEntries(fields(l).map((v, i) => [names[i], v])));

// Army A's score each game (a draw is half); a seed's two seat-swapped games are one bootstrap unit.
const fit = fairCrossing(
  rows.map((r) => ({ x: Number(r[parameter]), score: r.winner === 'A' ? 1 : r.winner === 'draw' ? 0.5 : 0, pair: Math.floor(Number(r.game) / 2) })),
  { seed: 'my-fit' },
);
for (const p of fit.points) console.log(`${parameter} ${p.x}: ${p.games} games, army A wins ${(100 * p.winRate).toFixed(1)}%`);
const at = (x) => (x === null ? '-' : x.toFixed(2));
const verdict = {
  inside: `crossing ${at(fit.crossing)}, 95% interval ${at(fit.low)} to ${at(fit.high)}`,
  step: `a step between ${at(fit.low)} and ${at(fit.high)}`,
  plateau: `fair anywhere from ${at(fit.low)} to ${at(fit.high)}`,
  ambiguous: `crosses 50% at ${fit.crossings.map(at).join(', ')}`,
}[fit.status];
// fairCrossing knows nothing of army lists: a points sweep's list steps are in its lists.csv and crossing.csv.
console.log(`${fit.status}: ${verdict ?? 'no crossing inside the range'} (${fit.fit} fit of the games alone)`);
