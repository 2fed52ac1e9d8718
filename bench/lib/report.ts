// The bench's one table (figure, value, budget, pass/fail) and bench/results.json.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export type Verdict = 'pass' | 'fail' | 'info';

export interface Figure {
  section: string;
  name: string;
  value: number | string;
  unit: string;
  /** e.g. "<= 5 ms"; empty when the figure has no budget */
  budget: string;
  verdict: Verdict;
  note?: string;
}

export class Report {
  readonly figures: Figure[] = [];
  readonly details: Record<string, unknown> = {};

  add(section: string, name: string, value: number | string, unit: string, budget?: { op: '<=' | '>='; limit: number }, note?: string): void {
    let verdict: Verdict = 'info';
    if (budget && typeof value === 'number' && Number.isFinite(value)) {
      verdict = (budget.op === '<=' ? value <= budget.limit : value >= budget.limit) ? 'pass' : 'fail';
    } else if (budget) {
      verdict = 'fail';
    }
    const budgetText = budget ? `${budget.op} ${budget.limit}${unit ? ` ${unit}` : ''}` : '';
    this.figures.push({ section, name, value, unit, budget: budgetText, verdict, ...(note ? { note } : {}) });
    console.log(
      `  ${verdict === 'fail' ? 'FAIL' : verdict === 'pass' ? 'ok  ' : '    '} ${section} · ${name}: ${format(value)} ${unit}${budgetText ? ` (budget ${budgetText})` : ''}`,
    );
  }

  detail(key: string, value: unknown): void {
    this.details[key] = value;
  }

  print(): void {
    const rows = this.figures.map((f) => [`${f.section} · ${f.name}`, `${format(f.value)} ${f.unit}`.trim(), f.budget, f.verdict === 'info' ? '' : f.verdict]);
    const header = ['figure', 'value', 'budget', 'pass/fail'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
    const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ');
    console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
    for (const row of rows) console.log(line(row));
    const failed = this.figures.filter((f) => f.verdict === 'fail').length;
    const passed = this.figures.filter((f) => f.verdict === 'pass').length;
    console.log(`\n${passed} budgets met, ${failed} missed.`);
  }

  /**
   * Writes the results; each figure keeps a `history` of its values in earlier runs written to
   * the same file (newest last, at most HISTORY entries, matched by section and name), so the
   * before/after of the last change to the feed path stays visible next to the figure.
   */
  write(path: string, meta: Record<string, unknown> & { date: string; commit?: string }): void {
    const previous = readPrevious(path);
    const figures = this.figures.map((f) => {
      const before = previous.get(`${f.section}\u0000${f.name}`);
      return {
        ...f,
        history: [...(before?.history ?? []), { date: meta.date, commit: meta.commit ?? '', value: f.value, verdict: f.verdict }].slice(-HISTORY),
      };
    });
    writeFileSync(path, `${JSON.stringify({ ...meta, figures, details: this.details }, null, 2)}\n`);
  }
}

const HISTORY = 10;

export interface HistoryEntry {
  date: string;
  commit: string;
  value: number | string;
  verdict: Verdict;
}

/** The figures of an earlier results file, by section and name (a run before histories gets one entry). */
function readPrevious(path: string): Map<string, { history: HistoryEntry[] }> {
  const byName = new Map<string, { history: HistoryEntry[] }>();
  if (!existsSync(path)) return byName;
  try {
    const old = JSON.parse(readFileSync(path, 'utf8')) as { date?: string; commit?: string; figures?: (Figure & { history?: HistoryEntry[] })[] };
    for (const f of old.figures ?? []) {
      const history = f.history ?? [{ date: old.date ?? '', commit: old.commit ?? '', value: f.value, verdict: f.verdict }];
      byName.set(`${f.section}\u0000${f.name}`, { history });
    }
  } catch {
    // an unreadable earlier file starts the histories afresh
  }
  return byName;
}

function format(value: number | string): string {
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return String(value);
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2);
}
