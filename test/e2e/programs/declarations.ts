/**
 * What a test program declares: the JSON list in the file the stack config `resourcesFile` names
 * (how the test harness declares, test/e2e/harness.ts `declarations`), else the stack config
 * `resources` itself. Shared by the generic, secrets and no-op programs.
 */
import * as pulumi from "@pulumi/pulumi";
import { readFileSync } from "node:fs";

export function readDeclarations<T>(): T[] {
  // Read without Config's secret warning: a test may store the list as secret config.
  const file = pulumi.runtime.getConfig(`${pulumi.getProject()}:resourcesFile`);
  const text = file
    ? readFileSync(file, "utf8")
    : pulumi.runtime.getConfig(`${pulumi.getProject()}:resources`);
  return text ? (JSON.parse(text) as T[]) : [];
}
