/**
 * Platform API (private beta at the service): what `PlatformMessage` (platform-message.ts) and
 * `PlatformMetadata` (platform-metadata.ts) share. Resources are `domain:<id>`, `record:<id>` or
 * `platform_connection:<id>`.
 */
import { z } from "zod";

/** A resource the Platform API attaches to: `domain:<id>`, `record:<id>` or `platform_connection:<id>`. */
export const platformResource = () =>
  z
    .string()
    .regex(
      /^(domain|record|platform_connection):\d+$/,
      "must be domain:<id>, record:<id> or platform_connection:<id>",
    );
