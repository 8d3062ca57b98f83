// The one Node API the tests use (the page's type check has no @types/node).
declare module "node:buffer" {
  export function resolveObjectURL(id: string): Blob | undefined;
}
