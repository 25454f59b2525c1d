import { parentPort } from 'node:worker_threads';
import {
  newQuickJSAsyncWASMModuleFromVariant,
  newVariant,
  type QuickJSAsyncContext,
  type QuickJSHandle,
  RELEASE_ASYNC,
} from 'quickjs-emscripten';
import {
  type FromWorker,
  type HostAnswer,
  type Job,
  MAX_SCRIPT_MEMORY,
  type Outcome,
  type ToWorker,
} from './protocol.ts';

/**
 * Runs one script at a time in a fresh QuickJS context: no require, process, fs or network exist in it, only
 * `params`, `user`, `log` and the host functions the job names. The interrupt handler stops the interpreter once
 * its own time (host waits excluded) passes the job's CPU limit, the whole run (host waits included) its wall limit,
 * or its memory the job's. A host call still unanswered at the wall limit is given up: its answer, should it come,
 * is dropped, and the script stops. The interpreter's memory is a WebAssembly memory with a maximum, so an
 * allocation past it fails inside the script ("out of memory") whatever the interrupt handler saw. (QuickJS's own
 * malloc limit counts nothing in this build.)
 */
const port = parentPort;
if (!port) {
  throw new Error('sandbox-worker runs as a worker thread');
}
const PAGE = 64 * 1024;
const BASE_PAGES = 256;
// The server's type library (ES2023, no DOM) does not describe WebAssembly's memory: what is used of it here.
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
type MemoryConstructor = new (descriptor: { initial: number; maximum: number }) => WasmMemory;
const WasmMemory = (globalThis as unknown as { WebAssembly: { Memory: MemoryConstructor } }).WebAssembly
  .Memory;
const memory = new WasmMemory({
  initial: BASE_PAGES,
  maximum: BASE_PAGES + MAX_SCRIPT_MEMORY / PAGE,
});
// Loaded once per worker; a promise rather than a top-level await, which the worker's loader cannot take.
const loading = newQuickJSAsyncWASMModuleFromVariant(newVariant(RELEASE_ASYNC, { wasmMemory: memory }));
let base = 0;
/** Grown by more than this, the worker asks to be replaced (wasm memory never shrinks). */
const RECYCLE_BYTES = 8 * 1024 * 1024;
const pending = new Map<number, (answer: HostAnswer) => void>();
let nextCall = 0;
const send = (message: FromWorker) => port.postMessage(message);
const MAX_LOGS = 200;
const MAX_LOG_TEXT = 2_000;
const WALL_LIMIT = 'wall time limit';

port.on('message', (message: ToWorker) => {
  if (message.kind === 'host-answer') {
    // An answer to a call given up at the wall limit finds nothing waiting: it is dropped.
    pending.get(message.call)?.(message);
    pending.delete(message.call);
    return;
  }
  void run(message).then(send);
});

/** Asks the main thread to run a host function; undefined when no answer came before the wall deadline. */
function ask(job: Job, name: string, args: unknown[], deadline: number): Promise<HostAnswer | undefined> {
  const call = nextCall++;
  return new Promise((resolve) => {
    // A timer may fire a little early: the call is given up only once the deadline has really passed.
    const giveUp = () => {
      const left = deadline - performance.now();
      if (left > 0) {
        timer = setTimeout(giveUp, Math.ceil(left));
        return;
      }
      pending.delete(call);
      resolve(undefined);
    };
    let timer = setTimeout(giveUp, Math.ceil(Math.max(0, deadline - performance.now())));
    pending.set(call, (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
    send({ kind: 'host-call', job: job.id, call, name, args });
  });
}
void loading.then(() => {
  base = memory.buffer.byteLength;
  send({ kind: 'ready' });
});

/** A JSON value made inside the context (host answers and parameters enter as JSON, nothing else). */
function toHandle(vm: QuickJSAsyncContext, value: unknown): QuickJSHandle {
  if (value === undefined) {
    return vm.undefined;
  }
  const parsed = vm.evalCode(`(${JSON.stringify(value)})`);
  return vm.unwrapResult(parsed);
}

function fromHandle(vm: QuickJSAsyncContext, handle: QuickJSHandle): unknown {
  const json = vm.getProp(vm.global, 'JSON');
  const stringify = vm.getProp(json, 'stringify');
  const text = vm.unwrapResult(vm.callFunction(stringify, json, handle));
  const out = vm.typeof(text) === 'string' ? JSON.parse(vm.getString(text)) : undefined;
  for (const h of [text, stringify, json]) {
    h.dispose();
  }
  return out;
}

const grown = () => memory.buffer.byteLength - base > RECYCLE_BYTES;

async function run(job: Job): Promise<Outcome> {
  const quickjs = await loading;
  // A context that owns its runtime: disposing it frees both (a separately made runtime fails to free host refs).
  const vm = quickjs.newContext();
  const runtime = vm.runtime;
  runtime.setMemoryLimit(job.memoryBytes);
  runtime.setMaxStackSize(512 * 1024);
  const logs: string[] = [];
  let used = 0;
  let since = performance.now();
  let timedOut = false;
  let overMemory = false;
  // The wall clock runs from here whatever the script does; once past, the run counts as stopped for time.
  const deadline = performance.now() + job.wallMs;
  let wallOut = false;
  const pastWall = () => {
    wallOut ||= performance.now() >= deadline;
    return wallOut;
  };
  runtime.setInterruptHandler(() => {
    if (pastWall()) {
      return true;
    }
    // Interpreter time: the CPU clock stops while a host call is awaited.
    if (used + (performance.now() - since) > job.cpuMs) {
      timedOut = true;
      return true;
    }
    if (memory.buffer.byteLength - base > job.memoryBytes) {
      overMemory = true;
      return true;
    }
    return false;
  });
  try {
    const log = vm.newFunction('log', (...args) => {
      if (logs.length < MAX_LOGS) {
        logs.push(
          args
            .map((a) => String(vm.dump(a)))
            .join(' ')
            .slice(0, MAX_LOG_TEXT),
        );
      }
    });
    vm.setProp(vm.global, 'log', log);
    log.dispose();
    for (const name of job.host) {
      const [object, member] = name.split('.') as [string, string | undefined];
      const fn = vm.newAsyncifiedFunction(name, async (...args) => {
        if (pastWall()) {
          return { error: vm.newError(WALL_LIMIT) };
        }
        const values = args.map((a) => fromHandle(vm, a));
        used += performance.now() - since;
        const answer = await ask(job, name, values, deadline);
        since = performance.now();
        if (!answer) {
          // Given up at the wall limit: the script gets an error, and the interrupt handler stops it at once.
          wallOut = true;
          return { error: vm.newError(WALL_LIMIT) };
        }
        if (!answer.ok) {
          return { error: vm.newError(answer.error ?? 'host call failed') };
        }
        return toHandle(vm, answer.value);
      });
      if (member) {
        const holder = vm.getProp(vm.global, object);
        const target = vm.typeof(holder) === 'object' ? holder : vm.newObject();
        vm.setProp(target, member, fn);
        vm.setProp(vm.global, object, target);
        target.dispose();
        if (target !== holder) {
          holder.dispose();
        }
      } else {
        vm.setProp(vm.global, object, fn);
      }
      fn.dispose();
    }
    const params = toHandle(vm, job.params ?? {});
    const user = toHandle(vm, job.user ?? null);
    vm.setProp(vm.global, '__params', params);
    vm.setProp(vm.global, '__user', user);
    params.dispose();
    user.dispose();
    since = performance.now();
    const result = await vm.evalCodeAsync(
      `(function (params, user) {\n${job.code}\n})(__params, __user)`,
      'service.js',
    );
    used += performance.now() - since;
    if (result.error || wallOut) {
      // A script that caught the given-up host call's error and returned is still one stopped for time.
      const failure = result.error
        ? (vm.dump(result.error) as { name?: string; message?: string } | string)
        : WALL_LIMIT;
      (result.error ?? result.value).dispose();
      const text =
        typeof failure === 'string' ? failure : `${failure.name ?? 'Error'}: ${failure.message ?? ''}`;
      const memoryOut = overMemory || /out of memory/i.test(text);
      const error = wallOut ? WALL_LIMIT : timedOut ? 'time limit' : memoryOut ? 'memory limit' : text;
      return {
        kind: 'done',
        id: job.id,
        ok: false,
        error,
        ...(wallOut || timedOut ? { limit: 'time' as const } : memoryOut ? { limit: 'memory' as const } : {}),
        logs,
        cpuMs: Math.round(used),
        recycle: grown(),
      };
    }
    const value = fromHandle(vm, result.value);
    result.value.dispose();
    return { kind: 'done', id: job.id, ok: true, value, logs, cpuMs: Math.round(used), recycle: grown() };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const memoryOut = overMemory || /out of memory|memory access out of bounds/i.test(text);
    return {
      kind: 'done',
      id: job.id,
      ok: false,
      error: memoryOut ? 'memory limit' : text,
      ...(memoryOut ? { limit: 'memory' as const } : {}),
      logs,
      cpuMs: Math.round(used),
      // After a failure inside the engine its state is not to be trusted.
      recycle: true,
    };
  } finally {
    vm.dispose();
  }
}
