// The error a promise is expected to fail with: a success, or a rejection with something that is no Error, fails
// the test with a message that says which.
export async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof Error) return err;
    throw new Error(`rejected with a non-error: ${String(err)}`, { cause: err });
  }
  throw new Error('expected a rejection, got a success');
}
