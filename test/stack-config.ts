/**
 * The stack config Pulumi hands the provider's `configure`, for unit tests: the settings are
 * named without their namespace, and the config answers them as `dnsimple:<name>`, as a stack's
 * `pulumi config set dnsimple:<name>` does. Here rather than beside the code, so it is neither
 * built into the package nor mutated as provider code.
 *
 * @example
 * configureRuntime(stackConfig({ account: "1", token: "t" }));
 */
export function stackConfig(settings: Record<string, string>): { get(key: string): string | undefined } {
  const byKey = new Map(Object.entries(settings).map(([name, value]) => [`dnsimple:${name}`, value]));
  return { get: (key) => byKey.get(key) };
}
