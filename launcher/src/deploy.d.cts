// Types of deploy.cjs for the TypeScript tests.
export declare const EXIT: {
  ok: 0;
  usage: 2;
  unreachable: 3;
  headers: 4;
  incompatible: 5;
  nothingToRollBack: 6;
  file: 7;
};
export declare function main(
  argv: string[],
  env: Record<string, string | undefined>,
  io?: { fetchImpl?: typeof fetch; out?: (text: string) => void; err?: (text: string) => void },
): Promise<number>;
