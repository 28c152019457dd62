/**
 * Upload benchmark (issue 6): one 1 GB file through tus to the real built server over loopback.
 * Prints the server's resident memory growth during the upload (goal < 64 MB) and the upload
 * throughput against copying the same file on the same disk (fs.copyFile), as a ratio (issue 17).
 * For context it also prints the server's CPU time for the upload (user + system, every thread:
 * steadier than wall time on a shared machine) and a copy through Node streams made durable —
 * read stream → write stream → fsync, the disk work of an upload without the network and the hash.
 *
 *   npm run bench:upload            (BENCH_UPLOAD_MB=256 for a shorter run)
 *
 * The file is generated in a temporary directory (which also holds the server's DATA_DIR and
 * database, so both sides use the same disk) and everything is deleted afterwards.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { API_BASE } from '@bansi/shared';
import {
  HttpAgent,
  PROBE_OWNER,
  createTusUpload,
  ensureServerBuilt,
  patchStream,
  rssOf,
  startServer,
  type ServerProcess,
} from '../test/server-process';

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * MB;
const GOAL_GROWTH = 64 * MB;
const mb = (bytes: number) => (bytes / MB).toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function generate(path: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  const file = await open(path, 'w');
  try {
    const header = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
    const block = randomBytes(16 * MB);
    let written = 0;
    while (written < size) {
      const chunk = written === 0 ? Buffer.concat([header, block.subarray(header.length)]) : block;
      const part = chunk.subarray(0, Math.min(chunk.length, size - written));
      await file.write(part);
      hash.update(part);
      written += part.length;
    }
    await file.sync();
  } finally {
    await file.close();
  }
  return hash.digest('hex');
}

/** CPU time of a process so far, user + system over all its threads, in ms (Linux, 100 ticks/s). */
async function cpuMsOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function durable(path: string) {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function main() {
  await ensureServerBuilt();
  const dir = await mkdtemp(join(tmpdir(), 'bansi-bench-upload-'));
  let server: ServerProcess | null = null;
  try {
    const source = join(dir, 'source.pdf');
    process.stdout.write(`generating a ${mb(SIZE)} MB file in ${dir} … `);
    const sourceSha = await generate(source, SIZE);
    console.log('done');

    server = await startServer({
      DATABASE_URL: `sqlite:${join(dir, 'bansi.sqlite')}`,
      DATA_DIR: join(dir, 'data'),
      UPLOAD_MAX_BYTES: String(SIZE + MB),
    });
    const agent = await new HttpAgent(server.base).registerCompany();
    const ownerId = randomUUID();
    const upload = async (path: string, size: number, slot: string) => {
      const id = await createTusUpload(agent, { ownerKind: PROBE_OWNER, ownerId, slot, filename: `${slot}.pdf` }, size);
      let bodySent = 0;
      const started = performance.now();
      const result = await patchStream(
        agent,
        id,
        0,
        size,
        (async function* () {
          for await (const chunk of createReadStream(path, { highWaterMark: MB }) as AsyncIterable<Buffer>) yield chunk;
          bodySent = performance.now();
        })(),
      );
      const ended = performance.now();
      if (result.status !== 204) throw new Error(`upload answered ${result.status}: ${result.error?.message ?? ''}\n${server!.output()}`);
      return { id, ms: ended - started, transferMs: bodySent - started, finalizeMs: ended - bodySent };
    };

    // Warm up (code paths, first allocations), then let the heap settle before the baseline.
    const warm = join(dir, 'warm.pdf');
    await generate(warm, 8 * MB);
    await upload(warm, 8 * MB, 'warm-up');
    await new Promise((r) => setTimeout(r, 1000));
    const samples: number[] = [];
    for (let i = 0; i < 5; i++) {
      samples.push(await rssOf(server.pid));
      await new Promise((r) => setTimeout(r, 100));
    }
    const baseline = Math.max(...samples);

    let peak = baseline;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rssOf(server!.pid).catch(() => 0));
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const cpuBefore = await cpuMsOf(server.pid);
    const result = await upload(source, SIZE, 'one-gigabyte');
    const serverCpuMs = (await cpuMsOf(server.pid)) - cpuBefore;
    sampling = false;
    await sampler;

    const meta = (await (await agent.fetch(`${API_BASE}/files/${result.id}`)).json()) as { sha256: string; size: number };
    if (meta.sha256 !== sourceSha || meta.size !== SIZE) throw new Error('the stored file differs from the source');

    // The same bytes copied on the same disk.
    const copyStarted = performance.now();
    await copyFile(source, join(dir, 'copy.pdf'));
    const copyMs = performance.now() - copyStarted;
    const copied = await stat(join(dir, 'copy.pdf'));
    if (copied.size !== SIZE) throw new Error('copy incomplete');
    // Each copy goes once measured: its dirty pages would otherwise be written back while the next runs.
    await rm(join(dir, 'copy.pdf'));
    // For context: a copy made as durable as a kept upload (flushed to disk before it counts).
    const durableStarted = performance.now();
    await copyFile(source, join(dir, 'copy2.pdf'));
    await durable(join(dir, 'copy2.pdf'));
    const durableMs = performance.now() - durableStarted;
    await rm(join(dir, 'copy2.pdf'));
    // The same bytes through Node streams (1 MiB reads and writes), then flushed to disk.
    const streamedStarted = performance.now();
    await pipeline(createReadStream(source, { highWaterMark: MB }), createWriteStream(join(dir, 'copy3.pdf')));
    await durable(join(dir, 'copy3.pdf'));
    const streamedMs = performance.now() - streamedStarted;

    const growth = peak - baseline;
    const uploadRate = SIZE / MB / (result.ms / 1000);
    const copyRate = SIZE / MB / (copyMs / 1000);
    console.log('');
    console.log(`file                     ${mb(SIZE)} MB, SHA-256 ${sourceSha.slice(0, 16)}… stored and verified`);
    console.log(`server RSS before        ${mb(baseline)} MB`);
    console.log(`server RSS peak          ${mb(peak)} MB`);
    console.log(`server RSS growth        ${mb(growth)} MB  (goal < ${mb(GOAL_GROWTH)} MB: ${growth < GOAL_GROWTH ? 'met' : 'NOT met'})`);
    console.log(`upload (tus, loopback)   ${seconds(result.ms)} s = ${uploadRate.toFixed(0)} MB/s`);
    console.log(`  of which transfer      ${seconds(result.transferMs)} s`);
    console.log(`  of which keeping       ${seconds(result.finalizeMs)} s (kind check, fsync, rename, row)`);
    console.log(`  server CPU             ${seconds(serverCpuMs)} s (user + system, all threads)`);
    console.log(`fs.copyFile, same disk   ${seconds(copyMs)} s = ${copyRate.toFixed(0)} MB/s`);
    console.log(`upload / copy ratio      ${(uploadRate / copyRate).toFixed(2)}`);
    const durableRate = SIZE / MB / (durableMs / 1000);
    console.log(
      `(copyFile + fsync        ${seconds(durableMs)} s = ${durableRate.toFixed(0)} MB/s; upload / that ${(uploadRate / durableRate).toFixed(2)})`,
    );
    const streamedRate = SIZE / MB / (streamedMs / 1000);
    console.log(
      `(Node streams + fsync    ${seconds(streamedMs)} s = ${streamedRate.toFixed(0)} MB/s; upload / that ${(uploadRate / streamedRate).toFixed(2)})`,
    );
  } finally {
    await server?.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
