/**
 * `pulumi new <templates/typescript>` as a user answers its questions, on the command line instead
 * of at the prompts (the packed package's test and bench/template-choices.ts run it).
 *
 * Not the token: `--config` values are saved as given, in clear, even for a key the template
 * marks secret (only the prompt encrypts). Set it after with `pulumi config set --secret`.
 */
export function pulumiNewArgs(
  template: string,
  options: { name: string; dir: string; domain: string; baseUrl: string; account?: string },
): string[] {
  return [
    "new",
    template,
    "--yes",
    "--non-interactive",
    "--name",
    options.name,
    "--stack",
    "dev",
    "--dir",
    options.dir,
    "--config",
    `dnsimple:account=${options.account ?? "1"}`,
    "--config",
    `domain=${options.domain}`,
    "--config",
    `dnsimple:baseUrl=${options.baseUrl}`,
  ];
}
