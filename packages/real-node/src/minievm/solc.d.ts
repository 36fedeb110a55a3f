// solc-js ships no types; the tier uses only its standard-JSON entry point.
declare module "solc" {
  const solc: { compile(input: string): string; version(): string };
  export default solc;
}
