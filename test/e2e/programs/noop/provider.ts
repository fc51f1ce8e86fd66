/**
 * The provider of the engine-overhead baseline: echoes its inputs and calls nothing. It is the
 * whole export of its module, like the stubs of `pulumi-dnsimple-dynamic/stubs/<kind>`, so that
 * where it is installed under `node_modules` (`installedProgram("noop")` in
 * `test/e2e/reliability-lib.ts`) Pulumi stores a one-line `require` of it in state, exactly as for
 * our resources, and the baseline pays for state the same way ours does. Captures nothing from
 * outside its body.
 */
import type * as pulumi from "@pulumi/pulumi";

const noopProvider: pulumi.dynamic.ResourceProvider = {
  async check(_olds: any, news: any) {
    return { inputs: news };
  },
  async diff(_id: string, olds: any, news: any) {
    const keys = new Set([...Object.keys(olds), ...Object.keys(news)]);
    keys.delete("__provider");
    for (const key of keys) {
      if (JSON.stringify(olds[key]) !== JSON.stringify(news[key])) return { changes: true };
    }
    return { changes: false };
  },
  async create(inputs: any) {
    const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    return { id, outs: { ...inputs, name: inputs.name ?? inputs.aliasName } };
  },
  async read(id: string, props: any) {
    return { id, props };
  },
  async update(_id: string, _olds: any, news: any) {
    return { outs: news };
  },
  async delete() {
    return;
  },
};

export = noopProvider;
