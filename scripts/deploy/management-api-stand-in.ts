// A local stand-in for the few Supabase Management API routes a deploy's CLI commands call, for
// the tests: the real, pinned CLI is pointed at it with a profile (`--profile <file>`: api_url,
// dashboard_url, project_host; the CLI's own profile format) and a well-formed access token,
// and every request it makes is recorded, so a test can assert what the CLI would send to
// supabase.com. It answers only what these commands need; anything else is a 404 the test sees.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RecordedRequest {
  method: string;
  path: string;
  contentType: string;
  authorization: string;
  body: Buffer;
}

type Answer = { status: number; json: unknown };
export type Route = (request: RecordedRequest) => Answer | undefined;

export interface ManagementApiStandIn {
  requests: RecordedRequest[];
  /** Its address (what the profile gives the CLI as api_url). */
  url: string;
  /** CLI arguments that send its commands here. */
  cliArgs: string[];
  /** Environment for the CLI: an access token of the right form, a home of its own. */
  cliEnv: Record<string, string>;
  close(): Promise<void>;
}

function answer(response: ServerResponse, { status, json }: Answer): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(json));
}

export async function startManagementApi(projectRef: string, routes: Route[]): Promise<ManagementApiStandIn> {
  const requests: RecordedRequest[] = [];
  const project = { ref: projectRef, id: projectRef, name: 'chismes', status: 'ACTIVE_HEALTHY', region: 'eu-central-1', organization_id: 'org' };
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded = {
        method: request.method ?? '',
        path: request.url ?? '',
        contentType: request.headers['content-type'] ?? '',
        authorization: request.headers.authorization ?? '',
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      if (recorded.method === 'GET' && recorded.path === `/v1/projects/${projectRef}`) return answer(response, { status: 200, json: project });
      for (const route of routes) {
        const routed = route(recorded);
        if (routed) return answer(response, routed);
      }
      answer(response, { status: 404, json: { message: `the stand-in has no ${recorded.method} ${recorded.path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const home = mkdtempSync(join(tmpdir(), 'chismes-management-api-'));
  const profile = join(home, 'profile.yaml');
  writeFileSync(profile, `name: stand-in\napi_url: ${url}\ndashboard_url: ${url}\nproject_host: localhost\n`);
  return {
    requests,
    url,
    cliArgs: ['--profile', profile],
    // HOME of its own: no real login (~/.supabase/access-token) can ever be used by a test.
    cliEnv: { HOME: home, SUPABASE_ACCESS_TOKEN: `sbp_${'0'.repeat(40)}` },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** The parts of a multipart/form-data body: name, filename and content. */
export function multipartParts(request: RecordedRequest): { name: string; filename?: string; content: string }[] {
  const boundary = /boundary=(.+)$/.exec(request.contentType)?.[1];
  if (!boundary) return [];
  return request.body
    .toString('utf8')
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [head = '', ...rest] = part.replace(/^\r\n/, '').split('\r\n\r\n');
      const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
      const filename = /filename="([^"]*)"/.exec(head)?.[1];
      return { name, filename, content: rest.join('\r\n\r\n').replace(/\r\n$/, '') };
    });
}
