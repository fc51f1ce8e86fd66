import { providerStub } from "../provider-stub";

/** The provider stub of DomainDelegation: a module of its own, so state can name it instead of copying it. */
export = providerStub("DomainDelegation");
