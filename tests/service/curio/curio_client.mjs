// A client of the cuzk daemon written the way Curio's Go client is (curio
// extern/cuzk): the cuzk.v1.ProvingEngine proto loaded at run time, an
// insecure channel with 256 MiB message limits, Prove({submit}) for every
// proof with only COMPLETED counted as success, GetStatus's queues summed
// (pending + in_progress) for back-pressure. It runs the steps of a scenario
// file and prints one line per check, "ok: ..." or "FAIL: ..."; exit 1 on
// any failure, 2 on a usage error.
// Usage: node curio_client.mjs <node_modules dir> <address> <scenario.json>
//   address: unix:///path/cuzk.sock or host:port
// Scenario: {"deadline_s": 900, "proto": "<path>" (default: the repo's),
//            "steps": [{"step": "<kind>", "name": "...", ...}, ...]}
// Steps:
//   prove          request, proof_out, proof_len, poll_status (GetStatus every
//                  100 ms while the Prove is in flight; a queued or running
//                  job must show)
//   expect_error   rpc (Prove | SubmitProof), request or no_submit: true,
//                  code (a gRPC status name), message (a substring, any case)
//   cancel         request: SubmitProof, CancelProof (was_running), then
//                  AwaitProof ends CANCELLED
//   await_timeout  request, proof_out, proof_len: SubmitProof, AwaitProof
//                  with timeout_ms 1 gives TIMEOUT, then AwaitProof to the end
//   await_unknown  job_id: AwaitProof gives NOT_FOUND
//   metrics        patterns: regular expressions GetMetrics's text must match
//   preload        circuit_id: PreloadSRS
//   evict          circuit_id, was_loaded (expected)
//   status_idle    GetStatus: queues sum to 0, its status document's budget idle
// Byte fields of a request: {"hex": ".."}, {"file": "path"}, {"base64": ".."}
// or {"random": n} (n bytes from crypto.randomBytes); vanilla_proofs is a
// list of those or {"base64_json_file": "path"} (Curio's JSON array of base64).
import { createRequire } from "node:module";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const MiB = 1024 * 1024;
const here = dirname(fileURLToPath(import.meta.url));

if (process.argv.length !== 5) {
  console.error("usage: node curio_client.mjs <node_modules dir> <address> <scenario.json>");
  process.exit(2);
}
const [modulesDir, address, scenarioPath] = process.argv.slice(2);

function load(name) {
  try {
    return createRequire(join(resolve(modulesDir), "noop.js"))(name);
  } catch (e) {
    console.error(`curio_client: cannot load ${name} from ${modulesDir}: ${e.message.split("\n")[0]}`);
    process.exit(2);
  }
}
const grpc = load("@grpc/grpc-js");
const protoLoader = load("@grpc/proto-loader");

let scenario;
try {
  scenario = JSON.parse(readFileSync(scenarioPath, "utf8"));
} catch (e) {
  console.error(`curio_client: scenario ${scenarioPath}: ${e.message}`);
  process.exit(2);
}
const protoPath = scenario.proto ?? resolve(here, "../../../proto/cuzk/v1/proving.proto");
const deadlineS = scenario.deadline_s ?? 900;

const definition = protoLoader.loadSync(protoPath, {
  keepCase: true,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
});
const ProvingEngine = grpc.loadPackageDefinition(definition).cuzk.v1.ProvingEngine;
if (typeof ProvingEngine !== "function") {
  console.error(`curio_client: ${protoPath} has no service cuzk.v1.ProvingEngine`);
  process.exit(2);
}
const client = new ProvingEngine(address, grpc.credentials.createInsecure(), {
  "grpc.max_send_message_length": 256 * MiB,
  "grpc.max_receive_message_length": 256 * MiB,
});

let failures = 0;
const ok = (what) => console.log(`ok: ${what}`);
const fail = (what) => {
  console.log(`FAIL: ${what}`);
  failures++;
};

const codeName = Object.fromEntries(Object.entries(grpc.status).map(([k, v]) => [v, k]));
// A server's message as one printable line (one naming garbage may quote it).
const printable = (s) => {
  const t = String(s ?? "").trim().replace(/\s+/g, " ").replace(/[^\x20-\x7e]/g, "?");
  return t.length > 300 ? t.slice(0, 300) + "..." : t;
};
const describe = (err) => `${codeName[err.code] ?? err.code}: ${printable(err.details ?? err.message)}`;

function call(method, request, seconds = deadlineS) {
  return new Promise((done, reject) => {
    client[method](request, { deadline: Date.now() + seconds * 1000 }, (err, reply) =>
      err ? reject(err) : done(reply));
  });
}

function bytesOf(spec, field) {
  if (spec === undefined || spec === null) return spec;
  if (typeof spec !== "object" || Array.isArray(spec)) throw new Error(`${field}: expected {hex|file|base64|random}`);
  if ("hex" in spec) {
    if (!/^([0-9a-fA-F]{2})*$/.test(spec.hex)) throw new Error(`${field}: not hex: ${spec.hex}`);
    return Buffer.from(spec.hex, "hex");
  }
  if ("file" in spec) return readFileSync(spec.file);
  if ("base64" in spec) return Buffer.from(spec.base64, "base64");
  if ("random" in spec) return randomBytes(spec.random);
  throw new Error(`${field}: expected {hex|file|base64|random}, got ${JSON.stringify(spec)}`);
}

function bytesListOf(spec, field) {
  if (spec && !Array.isArray(spec) && "base64_json_file" in spec) {
    const items = JSON.parse(readFileSync(spec.base64_json_file, "utf8"));
    if (!Array.isArray(items)) throw new Error(`${field}: ${spec.base64_json_file} is not a JSON array`);
    return items.map((s) => Buffer.from(s, "base64"));
  }
  if (!Array.isArray(spec)) throw new Error(`${field}: expected a list or {base64_json_file}`);
  return spec.map((s, i) => bytesOf(s, `${field}[${i}]`));
}

const byteFields = ["vanilla_proof", "randomness", "comm_r_old", "comm_r_new", "comm_d_new"];

// The scenario's request with its byte fields read.
function submitRequest(step) {
  const r = { ...step.request };
  for (const f of byteFields) if (f in r) r[f] = bytesOf(r[f], f);
  if ("vanilla_proofs" in r) r.vanilla_proofs = bytesListOf(r.vanilla_proofs, "vanilla_proofs");
  return r;
}

function checkProof(step, result) {
  const proof = Buffer.from(result.proof);
  if (step.proof_len !== undefined && proof.length !== step.proof_len) {
    fail(`${step.name}: proof of ${proof.length} bytes, expected ${step.proof_len}`);
    return;
  }
  if (step.proof_out) writeFileSync(step.proof_out, proof);
  ok(`${step.name}: COMPLETED, ${proof.length} bytes, total ${result.total_ms} ms (queue ${result.queue_wait_ms}, ` +
     `srs ${result.srs_load_ms}, synthesis ${result.synthesis_ms}, compute ${result.gpu_compute_ms})`);
}

const queuedOrRunning = (status) =>
  (status.queues ?? []).reduce((n, q) => n + Number(q.pending) + Number(q.in_progress), 0);

async function stepProve(step) {
  const request = { submit: submitRequest(step) };
  let polls = 0, busiest = 0, pollError = null, polling = step.poll_status;
  const poller = (async () => {
    while (polling) {
      try {
        busiest = Math.max(busiest, queuedOrRunning(await call("GetStatus", {}, 10)));
        polls++;
      } catch (e) {
        pollError ??= e;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  try {
    const reply = await call("Prove", request);
    const result = reply.result;
    if (!result) fail(`${step.name}: ProveResponse without a result`);
    else if (result.status !== "COMPLETED")
      fail(`${step.name}: status ${result.status} (${result.failure}): ${printable(result.error_message)}`);
    else checkProof(step, result);
  } catch (e) {
    fail(`${step.name}: Prove: ${describe(e)}`);
  } finally {
    polling = false;
    await poller;
  }
  if (!step.poll_status) return;
  if (pollError) fail(`${step.name}: GetStatus while proving: ${describe(pollError)}`);
  else if (busiest < 1) fail(`${step.name}: ${polls} GetStatus polls never saw the job pending or in progress`);
  else ok(`${step.name}: GetStatus during the Prove: pending + in_progress up to ${busiest} (${polls} polls)`);
}

async function stepExpectError(step) {
  const rpc = step.rpc ?? "Prove";
  let request;
  if (step.no_submit) request = {};
  else request = rpc === "Prove" ? { submit: submitRequest(step) } : submitRequest(step);
  try {
    const reply = await call(rpc, request);
    const r = reply.result ?? reply;
    fail(`${step.name}: ${rpc} succeeded (${r.status ?? r.job_id ?? ""}), expected ${step.code}`);
  } catch (e) {
    const name = codeName[e.code];
    const message = e.details ?? "";
    if (name !== step.code) fail(`${step.name}: ${describe(e)}, expected ${step.code}`);
    else if (step.message && !message.toLowerCase().includes(step.message.toLowerCase()))
      fail(`${step.name}: ${name}, but the message lacks '${step.message}': ${printable(message)}`);
    else ok(`${step.name}: ${name}: ${printable(message)}`);
  }
}

async function stepCancel(step) {
  const submitted = await call("SubmitProof", submitRequest(step));
  const id = submitted.job_id;
  const cancelled = await call("CancelProof", { job_id: id });
  if (!cancelled.was_running) fail(`${step.name}: CancelProof of ${id}: was_running false`);
  else if (cancelled.status !== "UNKNOWN" && cancelled.status !== "CANCELLED")
    fail(`${step.name}: CancelProof of ${id}: status ${cancelled.status}, expected CANCELLED`);
  else ok(`${step.name}: CancelProof of ${id}: was_running, ${cancelled.status}`);
  const r = await call("AwaitProof", { job_id: id, timeout_ms: 0 });
  if (r.status !== "CANCELLED") fail(`${step.name}: AwaitProof of ${id}: ${r.status}, expected CANCELLED`);
  else ok(`${step.name}: AwaitProof of ${id}: CANCELLED (${printable(r.error_message)})`);
}

async function stepAwaitTimeout(step) {
  const submitted = await call("SubmitProof", submitRequest(step));
  const id = submitted.job_id;
  if (id !== (step.request.request_id ?? id)) fail(`${step.name}: job id ${id}, expected the request id`);
  const early = await call("AwaitProof", { job_id: id, timeout_ms: 1 });
  if (early.status !== "TIMEOUT") fail(`${step.name}: AwaitProof with timeout_ms 1: ${early.status}, expected TIMEOUT`);
  else ok(`${step.name}: AwaitProof of ${id} with timeout_ms 1: TIMEOUT`);
  const r = await call("AwaitProof", { job_id: id, timeout_ms: 0 });
  if (r.status !== "COMPLETED") fail(`${step.name}: AwaitProof of ${id}: ${r.status}: ${printable(r.error_message)}`);
  else checkProof(step, r);
}

async function stepAwaitUnknown(step) {
  try {
    const r = await call("AwaitProof", { job_id: step.job_id, timeout_ms: 0 }, 30);
    fail(`${step.name}: AwaitProof of never-submitted '${step.job_id}': ${r.status}, expected NOT_FOUND`);
  } catch (e) {
    if (codeName[e.code] !== "NOT_FOUND") fail(`${step.name}: ${describe(e)}, expected NOT_FOUND`);
    else ok(`${step.name}: NOT_FOUND: ${printable(e.details)}`);
  }
}

async function stepMetrics(step) {
  const text = (await call("GetMetrics", {}, 30)).prometheus_text;
  for (const p of step.patterns) {
    if (new RegExp(p, "m").test(text)) ok(`${step.name}: /${p}/`);
    else fail(`${step.name}: GetMetrics lacks /${p}/`);
  }
}

async function stepPreload(step) {
  const r = await call("PreloadSRS", { circuit_id: step.circuit_id });
  ok(`${step.name}: PreloadSRS ${step.circuit_id}: already_loaded ${r.already_loaded}, ${r.load_time_ms} ms, ` +
     `${r.size_bytes} bytes from ${r.path}`);
}

async function stepEvict(step) {
  const r = await call("EvictSRS", { circuit_id: step.circuit_id }, 60);
  if (step.was_loaded !== undefined && r.was_loaded !== step.was_loaded)
    fail(`${step.name}: EvictSRS ${step.circuit_id}: was_loaded ${r.was_loaded}, expected ${step.was_loaded}`);
  else ok(`${step.name}: EvictSRS ${step.circuit_id}: was_loaded ${r.was_loaded}, freed ${r.freed_bytes} bytes`);
}

// The daemon's status document (GetStatusResponse.json): idle when no pool
// buffer is in use and the budget holds only pinned buffers and keys.
function budgetIdle(doc) {
  const b = doc.budget, p = doc.pool;
  if (!b || b.used === undefined) return null;
  if (p && p.bytes_in_use !== undefined) {
    const keys = doc.key_bytes ?? 0, matrices = doc.matrix_bytes ?? 0;
    return {
      idle: p.bytes_in_use === 0 && b.used === (p.bytes_pinned ?? 0) + keys + matrices,
      text: JSON.stringify({ budget: b, pool: p, key_bytes: keys, matrix_bytes: matrices }),
    };
  }
  return null;
}

async function stepStatusIdle(step) {
  const s = await call("GetStatus", {}, 30);
  if (!Array.isArray(s.gpus) || !Array.isArray(s.queues)) fail(`${step.name}: GetStatus lacks gpus or queues`);
  else if (s.queues.length === 0) fail(`${step.name}: GetStatus lists no queues`);
  else ok(`${step.name}: GetStatus: ${s.gpus.length} gpus, queues ${s.queues.map((q) => q.proof_kind).join(" ")}, ` +
          `${s.total_proofs_completed} completed, ${s.total_proofs_failed} failed`);
  const busy = queuedOrRunning(s);
  if (busy !== 0) fail(`${step.name}: queues sum to ${busy} (pending + in_progress), expected 0: ${JSON.stringify(s.queues)}`);
  else ok(`${step.name}: queues sum to 0`);
  if (!s.json) return ok(`${step.name}: skip: GetStatus has no status document`);
  let doc;
  try {
    doc = JSON.parse(s.json);
  } catch (e) {
    return fail(`${step.name}: GetStatus json does not parse: ${e.message}`);
  }
  const idle = budgetIdle(doc);
  if (idle === null) ok(`${step.name}: skip: the status document has no budget/pool to check`);
  else if (!idle.idle) fail(`${step.name}: budget not idle: ${idle.text}`);
  else ok(`${step.name}: budget idle: ${idle.text}`);
}

const steps = {
  prove: stepProve,
  expect_error: stepExpectError,
  cancel: stepCancel,
  await_timeout: stepAwaitTimeout,
  await_unknown: stepAwaitUnknown,
  metrics: stepMetrics,
  preload: stepPreload,
  evict: stepEvict,
  status_idle: stepStatusIdle,
};

async function main() {
  const connected = await new Promise((done) =>
    client.waitForReady(Date.now() + (scenario.connect_timeout_s ?? 15) * 1000, (err) => done(err)));
  if (connected) {
    fail(`cannot connect to ${address}: ${connected.message}`);
    return;
  }
  ok(`connected to ${address}`);
  for (const step of scenario.steps) {
    step.name ??= step.step;
    const run = steps[step.step];
    if (!run) {
      fail(`${step.name}: unknown step '${step.step}'`);
      continue;
    }
    try {
      await run(step);
    } catch (e) {
      fail(`${step.name}: ${e.code !== undefined ? describe(e) : e.message}`);
    }
  }
}

await main();
client.close();
process.exit(failures ? 1 : 0);
