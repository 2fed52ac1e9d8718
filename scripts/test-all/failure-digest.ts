// The lines that say why a suite failed, out of its whole output: each failing test's line
// and the few lines after it (node:test's TAP "not ok", vitest's FAIL / ×, pgTAP's "not ok",
// thrown errors). Bounded, because it is printed where CI's kept tail must still show it.
const failureLine = /^\s*(not ok \d|FAIL\s|×|✗|\S*Error\b|# Failed test|error TS\d|Failed Tests)/;
// Escape codes make vitest's lines unreadable in a plain log and hide the markers above.
const colour = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

export function failureDigest(output: string, { linesAfter = 8, maxLines = 60 } = {}): string {
  const lines = output.replace(colour, '').split('\n');
  const picked = new Set<number>();
  lines.forEach((line, index) => {
    if (!failureLine.test(line)) return;
    for (let i = index; i <= Math.min(index + linesAfter, lines.length - 1); i++) picked.add(i);
  });
  const digest = [...picked].sort((a, b) => a - b).map((i) => lines[i]);
  const lastLines = lines.filter((line) => line.trim()).slice(-20);
  if (digest.length === 0) return lastLines.join('\n');
  const shown = digest.slice(0, maxLines);
  if (digest.length > maxLines) shown.push(`… ${digest.length - maxLines} more lines in the suite's output above`);
  return shown.join('\n');
}
