/**
 * Answers that broke the API's contract (contract.ts records them), kept apart from the check itself so
 * that every test's setup can read them without loading the server.
 */
export const contractProblems: string[] = [];

/** The problems recorded since the last call, emptied. */
export function takeContractProblems(): string[] {
  return contractProblems.splice(0);
}
