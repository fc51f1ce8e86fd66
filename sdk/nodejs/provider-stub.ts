import type * as pulumi from "@pulumi/pulumi";

/**
 * The provider of every resource of one kind, as state names it. It captures nothing
 * but the kind's name: each method loads the real implementation with `require` at run time, in
 * the provider process, from the program's node_modules. So state holds a few hundred bytes, no
 * credentials, and refresh or destroy run the installed code rather than a copy frozen in state.
 *
 * Each kind's stub is the whole export of a module of its own (`sdk/nodejs/stubs/<kind>.ts`, exported as
 * `pulumi-dnsimple-dynamic/stubs/<kind>`). State holds one `require` of that module per resource,
 * written by the resource classes (`providerCode` in sdk/nodejs/common.ts, decision 002), not the methods
 * below; the provider process loads the module from the program's `node_modules`.
 *
 * Keep these methods free of references to anything outside their own body: state written by
 * versions that ran Pulumi's serializer from a linked checkout holds copies of them.
 */
export function providerStub(kind: string): pulumi.dynamic.ResourceProvider {
  return {
    async configure(req: pulumi.dynamic.ConfigureRequest) {
      require("pulumi-dnsimple-dynamic/provider").configure(req.config);
    },
    async check(olds: any, news: any) {
      return require("pulumi-dnsimple-dynamic/provider").providerFor(kind).check(olds, news);
    },
    async diff(id: string, olds: any, news: any) {
      return require("pulumi-dnsimple-dynamic/provider").providerFor(kind).diff(id, olds, news);
    },
    async create(inputs: any) {
      return require("pulumi-dnsimple-dynamic/provider").providerFor(kind).create(inputs);
    },
    async read(id: string, props: any) {
      return require("pulumi-dnsimple-dynamic/provider").providerFor(kind).read(id, props);
    },
    async update(id: string, olds: any, news: any) {
      return require("pulumi-dnsimple-dynamic/provider").providerFor(kind).update(id, olds, news);
    },
    async delete(id: string, props: any) {
      return require("pulumi-dnsimple-dynamic/provider").providerFor(kind).delete(id, props);
    },
  };
}
