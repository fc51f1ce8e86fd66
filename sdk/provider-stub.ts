import type * as pulumi from "@pulumi/pulumi";

/**
 * The provider Pulumi serializes into state for every resource of one kind. It captures nothing
 * but the kind's name: each method loads the real implementation with `require` at run time, in
 * the provider process, from the program's node_modules. So state holds a few hundred bytes, no
 * credentials, and refresh or destroy run the installed code rather than a copy frozen in state.
 *
 * Each kind's stub is the whole export of a module of its own (`sdk/stubs/<kind>.ts`, exported as
 * `pulumi-dnsimple-dynamic/stubs/<kind>`). Pulumi's serializer stores an object that is a module's
 * export, from a package under `node_modules`, as a `require` of that module: so in a user's
 * project state holds one `require` line per resource, not the methods below. (Loaded from
 * outside `node_modules`, as this repository's tests do through a symlink, it copies the methods,
 * which is why they stay small.)
 *
 * Keep these methods free of references to anything outside their own body: the serializer would
 * copy whatever they reach into state.
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
