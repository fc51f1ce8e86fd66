/**
 * What the unit tests of the kinds beside the code share: the provider's runtime configured for
 * one account, `check` asked for the inputs of a declaration it accepts, and the state a create of
 * it leaves. Here rather than
 * beside the code, so it is neither built into the package nor mutated as provider code.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { configureRuntime, resetRuntime } from "../provider/framework/runtime";
import { stackConfig } from "./stack-config";

/**
 * Registers the hooks: before each test of the file (or block), the runtime as `configure` sets
 * it with the setting `dnsimple:account` alone; after the last, the runtime reset.
 */
export function useAccount(account: string): void {
  beforeEach(() => configureRuntime(stackConfig({ account: account })));
  afterAll(() => resetRuntime());
}

/** The inputs `check` returns for a new declaration `props`, once it has found no failure in it. */
export async function accepted(
  provider: dynamic.ResourceProvider,
  props: Record<string, unknown>,
): Promise<Record<string, any>> {
  const { inputs, failures } = await provider.check!({}, props);
  expect(failures).toEqual([]);
  return inputs;
}

/**
 * The state a create of the declaration `props` leaves, as the engine keeps it: the inputs `check`
 * returns for it, with the outputs `outputs`. What `diff` and `update` get as their olds, so that
 * a test of them restates none of the defaults `check` fills.
 */
export async function createdState(
  provider: dynamic.ResourceProvider,
  props: Record<string, unknown>,
  outputs: Record<string, unknown>,
): Promise<Record<string, any>> {
  return { ...(await accepted(provider, props)), ...outputs };
}
