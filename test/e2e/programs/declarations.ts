/**
 * What a test program declares: the JSON list in the file the stack config `resourcesFile` names
 * (how the test harness declares, test/e2e/harness.ts `declarations`), else the stack config
 * `resources` itself. Shared by the generic, secrets and no-op programs.
 */
import * as pulumi from "@pulumi/pulumi";
import { existsSync, readFileSync } from "node:fs";

export function readDeclarations<T>(): T[] {
  // Read without Config's secret warning: a test may store the list as secret config.
  const file = pulumi.runtime.getConfig(`${pulumi.getProject()}:resourcesFile`);
  // The harness names the file when it makes the stack; until the first declare there is none.
  if (file) return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T[]) : [];
  const text = pulumi.runtime.getConfig(`${pulumi.getProject()}:resources`);
  return text ? (JSON.parse(text) as T[]) : [];
}
