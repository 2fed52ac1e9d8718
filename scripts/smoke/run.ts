// Runs the journey's steps in order, timing each, and removes the test people if it stops
// halfway (they are otherwise deleted by the journey itself). Returns whether every step passed.
import type { SmokeOptions } from './args.ts';
import { type Journey, steps } from './journey.ts';
import { newRunId, removeLeftovers } from './people.ts';

export async function runSmoke(project: SmokeOptions, log: (line: string) => void = console.log): Promise<boolean> {
  const journey: Journey = { run: newRunId(), people: [], notifications: [] };
  const started = performance.now();
  log(`smoke: ${project.url} (run ${journey.run})`);
  try {
    for (const [index, step] of steps.entries()) {
      const stepStarted = performance.now();
      try {
        await step.run(project, journey);
      } catch (error) {
        log(`✘ ${index + 1}/${steps.length} ${step.title}: ${(error as Error).message}`);
        return false;
      }
      log(`✔ ${index + 1}/${steps.length} ${step.title} (${Math.round(performance.now() - stepStarted)} ms)`);
    }
    log(`smoke: passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return true;
  } finally {
    await journey.channel?.unsubscribe().catch(() => undefined);
    for (const person of journey.people) await person.client.removeAllChannels().catch(() => undefined);
    if (journey.people.length) {
      await removeLeftovers(
        project,
        journey.people.map((person) => person.id),
      );
      if (journey.chismeId) log(`smoke: removed the test people; their image, if stored, goes with the next purge`);
    }
  }
}
