/**
 * The provider's settings (stack config `dnsimple:*` or the environment) as the SDK's functions
 * read them in the program's process: this layer's public entry, so the SDK never reaches into
 * `framework/`.
 */
export {
  MissingSettingError,
  type ProviderSettings,
  requireAccount,
  requireToken,
  resolveSettings,
} from "./framework/settings";
