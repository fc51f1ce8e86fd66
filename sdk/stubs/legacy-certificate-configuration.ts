import { providerStub } from "../provider-stub";

/** The provider stub of LegacyCertificateConfiguration: a module of its own, so state can name it instead of copying it. */
export = providerStub("LegacyCertificateConfiguration");
