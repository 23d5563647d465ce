// Debian's nginx run as this user in a folder of its own (bench/graceful-stop.mjs, bench/perf/scale-out.mjs,
// scripts/compose-topology.mjs): the main configuration around a site file, every path inside `prefix`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes `${prefix}/nginx.conf`: in the foreground, one worker, pid, error log and temporary files under
 * `prefix`, and the `site` file included in its http block. `accessLog: false` turns the access log off
 * (the load benches); by default the site's own access_log lines apply.
 */
export function writeNginxMain(prefix, site, { workerConnections = 1024, accessLog = true } = {}) {
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/logs/error.log warn;`,
      `events { worker_connections ${workerConnections}; }`,
      'http {',
      ...(accessLog ? [] : ['    access_log off;']),
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${prefix}/temp/${t};`),
      `    include ${site};`,
      '}',
      '',
    ].join('\n'),
  );
}
