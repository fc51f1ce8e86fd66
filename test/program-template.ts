/**
 * The compiler settings of a Pulumi TypeScript program as `pulumi new typescript` writes them
 * (`typescript/tsconfig.json` of pulumi/templates): strict, ES2020, and the module settings it
 * had until March 2026 (`commonjs` with `node` resolution) or has since (`nodenext`). The
 * program-shape, module-resolution and documentation tests compile with these, in tsconfig.json
 * form (what a program folder holds; `ts.convertCompilerOptionsFromJson` for the compiler API).
 */
export const TEMPLATE_STRICT = {
  strict: true,
  target: "es2020",
  sourceMap: true,
  experimentalDecorators: true,
  pretty: true,
  noFallthroughCasesInSwitch: true,
  noImplicitReturns: true,
  forceConsistentCasingInFileNames: true,
} as const;

export const TEMPLATE_SETTINGS = {
  /** `pulumi new typescript` until March 2026. */
  commonjs: { ...TEMPLATE_STRICT, module: "commonjs", moduleResolution: "node" },
  /** `pulumi new typescript` since March 2026. */
  nodenext: { ...TEMPLATE_STRICT, module: "nodenext", moduleResolution: "nodenext" },
} as const;

export type TemplateName = keyof typeof TEMPLATE_SETTINGS;
