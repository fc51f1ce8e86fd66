/**
 * The kinds: every resource kind's definition by name (`registry.generated.ts`), loaded the first
 * time it is asked for, and its lifecycle (`../framework/lifecycle.ts`), which both adapters serve
 * (`../dynamic/` to Node.js programs, `../plugin/` to every other language). A provider process
 * serves the kinds of one program, so it loads the framework and those definitions only.
 */
import { saveCompiledCodeSoon } from "../framework/compiled-code";
import type { ResourceDefinition } from "../framework/definition";
import { type Lifecycle, lifecycleOf } from "../framework/lifecycle";
import { KINDS } from "./registry.generated";

export const resourceKinds: ReadonlyArray<string> = Object.keys(KINDS);

/** Every kind's definition, loaded (for the SDK generator and the tests). */
export function allDefinitions(): ResourceDefinition[] {
  return resourceKinds.map((kind) => KINDS[kind]!());
}

const lifecycles = new Map<string, Lifecycle>();

/**
 * The lifecycle of one resource kind, made from its definition the first time it is asked for:
 * what every way of serving the kind (the dynamic provider, the provider plugin) runs.
 */
export function lifecycleFor(kind: string): Lifecycle {
  let lifecycle = lifecycles.get(kind);
  if (!lifecycle) {
    const definition = Object.hasOwn(KINDS, kind) ? KINDS[kind]!() : undefined;
    if (!definition) {
      throw new Error(
        `pulumi-dnsimple-dynamic has no resource kind "${kind}": the installed package is older than the one ` +
          `that created this resource; install a matching version of pulumi-dnsimple-dynamic`,
      );
    }
    lifecycle = lifecycleOf(definition);
    lifecycles.set(kind, lifecycle);
    saveCompiledCodeSoon();
  }
  return lifecycle;
}
