// Realtime's LISTEN connection, which receives every broadcast written to realtime.messages.
// When it is lost (PostgreSQL restarted, the backend terminated) it is reported through
// `onLost`, which reconnects it (the daemon's supervisor does that with back-off) instead of
// the error taking the whole stack down.
import pg from 'pg';
import { oneLine } from '../shared/processes.ts';

export interface Listener {
  close(): Promise<void>;
}

export type OnLost = (reason: string, reconnect: () => Promise<void>) => void;

export async function listen(dbUrl: string, channel: string, onNotification: (notification: pg.Notification) => void, onLost: OnLost): Promise<Listener> {
  let current: pg.Client | undefined;
  let closing = false;

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: dbUrl, application_name: 'local-stack realtime' });
    let reported = false;
    const drop = (why: string) => {
      if (reported || closing) return;
      reported = true;
      void client.end().catch(() => undefined);
      onLost(`database listener lost (${why})`, connect);
    };
    client.on('notification', onNotification);
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      reported = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    client.on('error', (error) => drop(oneLine(error)));
    client.on('end', () => drop('connection ended'));
    current = client;
  }

  await connect();
  return {
    async close() {
      closing = true;
      await current?.end().catch(() => undefined);
    },
  };
}
