/**
 * A stand-in for `@pulumi/dnsimple` in the migration test: the bridged provider's plugin cannot be
 * installed offline. Its classes take the bridged names and, like the bridged provider, create
 * objects at the service and **delete them for real** on delete. Its resources have their own
 * type (`pulumi-nodejs:dynamic/bridged:*`), as the bridged ones have theirs (`dnsimple:index/*`).
 * It reads the service's address and token from the environment at run time (`STANDIN_BASE_URL`,
 * `STANDIN_TOKEN`), so neither lands in state.
 */
import * as pulumi from "@pulumi/pulumi";

type Props = Record<string, any>;

async function call(method: string, route: string, body?: unknown): Promise<any> {
  const response = await fetch(`${process.env.STANDIN_BASE_URL}/1${route}`, {
    method,
    headers: {
      authorization: `Bearer ${process.env.STANDIN_TOKEN}`,
      "content-type": "application/json",
      accept: "application/json",
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return text ? JSON.parse(text).data : undefined;
}

/** A bridged-like kind: how to create an object from its inputs, and its path for delete. */
function provider(
  make: (inputs: Props) => Promise<{ id: string; outs: Props }>,
  pathOf: (id: string, props: Props) => string,
): pulumi.dynamic.ResourceProvider {
  return {
    async create(inputs: Props) {
      return make(inputs);
    },
    async diff() {
      return { changes: false };
    },
    async delete(id: string, props: Props) {
      await call("DELETE", pathOf(id, props));
    },
  };
}

const domainProvider = provider(
  async (i) => {
    const d = await call("POST", "/domains", { name: i.name });
    return { id: String(d.id), outs: { ...i, name: d.name } };
  },
  (_id, p) => `/domains/${p.name}`,
);
const recordProvider = provider(
  async (i) => {
    const body = { name: i.name, type: i.type, content: i.value, ttl: i.ttl ?? 3600, priority: i.priority };
    const r = await call("POST", `/zones/${i.zoneName}/records`, body);
    return { id: String(r.id), outs: { ...i } };
  },
  (id, p) => `/zones/${p.zoneName}/records/${id}`,
);
const forwardProvider = provider(
  async (i) => {
    const f = await call("POST", `/domains/${i.domain}/email_forwards`, {
      alias_name: i.aliasName,
      destination_email: i.destinationEmail,
    });
    return { id: String(f.id), outs: { ...i } };
  },
  (id, p) => `/domains/${p.domain}/email_forwards/${id}`,
);

class StandIn extends pulumi.dynamic.Resource {
  constructor(
    provider: pulumi.dynamic.ResourceProvider,
    type: string,
    name: string,
    props: Props,
    opts?: pulumi.CustomResourceOptions,
  ) {
    super(provider, name, props, opts, "bridged", type);
  }
}

export class Domain extends StandIn {
  declare readonly name: pulumi.Output<string>;
  constructor(name: string, args: { name: pulumi.Input<string> }, opts?: pulumi.CustomResourceOptions) {
    super(domainProvider, "Domain", name, { ...args }, opts);
  }
}

export class ZoneRecord extends StandIn {
  constructor(
    name: string,
    args: {
      zoneName: pulumi.Input<string>;
      name: pulumi.Input<string>;
      type: pulumi.Input<string>;
      value: pulumi.Input<string>;
      ttl?: pulumi.Input<number>;
      priority?: pulumi.Input<number>;
    },
    opts?: pulumi.CustomResourceOptions,
  ) {
    super(recordProvider, "ZoneRecord", name, { ...args }, opts);
  }
}

export class EmailForward extends StandIn {
  constructor(
    name: string,
    args: {
      domain: pulumi.Input<string>;
      aliasName: pulumi.Input<string>;
      destinationEmail: pulumi.Input<string>;
    },
    opts?: pulumi.CustomResourceOptions,
  ) {
    super(forwardProvider, "EmailForward", name, { ...args }, opts);
  }
}

/**
 * What a bridged provider does with stack config in its namespace: it refuses keys it does not
 * know, and the whole `up` fails.
 */
export function checkConfigLikeTheBridgedProvider(): void {
  const known = ["token", "account", "sandbox", "prefetch", "userAgent", "debugTransportFile"];
  for (const key of Object.keys(pulumi.runtime.allConfig())) {
    const [namespace, name] = key.split(":");
    if (namespace === "dnsimple" && !known.includes(name ?? "")) {
      throw new Error(`\`${key}\` is not a valid configuration key for the dnsimple provider`);
    }
  }
}
