/**
 * View patches (docs/protocol.md, "View patches"): after the first whole
 * view of a connection, the server sends only a JSON Patch (RFC 6902) of
 * `replace`, `add` and `remove` operations against the last view it sent.
 * Applied here without touching the view it starts from: every object and
 * array on a changed path is copied, the rest is shared (so a component
 * given an unchanged part sees the same object).
 */

export interface PatchOp {
  op: "replace" | "add" | "remove";
  path: string;
  value?: unknown;
}

/** The keys of an RFC 6901 JSON Pointer ("" is the whole document). */
export function pointerKeys(path: string): string[] {
  if (path === "") return [];
  if (!path.startsWith("/")) throw new Error(`a JSON Pointer starts with "/": ${path}`);
  return path
    .slice(1)
    .split("/")
    .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
}

type Json = unknown;

function isObject(v: Json): v is Record<string, Json> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** `doc` with one operation applied at `keys` (copied along the way). */
function applyAt(doc: Json, keys: string[], op: PatchOp): Json {
  if (keys.length === 0) {
    if (op.op === "remove") throw new Error("cannot remove the whole view");
    return op.value;
  }
  const [k, ...rest] = keys as [string, ...string[]];
  if (Array.isArray(doc)) {
    const i = k === "-" ? doc.length : Number(k);
    if (!/^(0|[1-9][0-9]*|-)$/.test(k) || i > doc.length || (i === doc.length && (rest.length > 0 || op.op !== "add"))) {
      throw new Error(`no element ${k} in an array of ${doc.length}`);
    }
    const copy = doc.slice();
    if (rest.length > 0) copy[i] = applyAt(doc[i], rest, op);
    else if (op.op === "add") copy.splice(i, 0, op.value);
    else if (op.op === "remove") copy.splice(i, 1);
    else copy[i] = op.value;
    return copy;
  }
  if (isObject(doc)) {
    const has = Object.prototype.hasOwnProperty.call(doc, k);
    if ((rest.length > 0 || op.op !== "add") && !has) throw new Error(`no member "${k}"`);
    const copy: Record<string, Json> = { ...doc };
    if (rest.length > 0) copy[k] = applyAt(doc[k], rest, op);
    else if (op.op === "remove") delete copy[k];
    else copy[k] = op.value;
    return copy;
  }
  throw new Error(`"${k}" is below a value that is neither an object nor an array`);
}

/** `doc` with the operations applied in order; throws on an operation that does not fit. */
export function applyPatch<T>(doc: T, ops: PatchOp[]): T {
  let d: Json = doc;
  for (const op of ops) {
    if (op.op !== "replace" && op.op !== "add" && op.op !== "remove") {
      throw new Error(`unknown patch operation ${String((op as { op: unknown }).op)}`);
    }
    d = applyAt(d, pointerKeys(op.path), op);
  }
  return d as T;
}
