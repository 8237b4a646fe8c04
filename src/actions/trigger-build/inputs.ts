// trigger-build's inputs, read and checked before anything is sent.
import { readIfNothing, readOutcomePolicy } from '../../runner/outcomes.ts';
import type { ActionContext } from '../../runner/run.ts';
import { pollIntervalMs, waitMs } from '../../runner/wait-inputs.ts';
import { checkTriggerInputs, readTriggerApi, type TriggerRequest } from '../../runner/trigger-api.ts';
import { triggerRefOf } from '../../runner/workflow.ts';
import { definedOnly } from '../../common/values.ts';
import { MAX_OUTPUT_LINES } from '../../service/step-lines.ts';
import { checkRevisionOrTag, checkSegment, type BuildParams } from '../../service/validate.ts';

export function readInputs(ctx: ActionContext) {
  const { inputs } = ctx;
  const { branch, tag, revision } = triggerRefOf(
    { branch: inputs.optional('branch'), tag: inputs.optional('tag'), revision: inputs.optional('revision') },
    ctx.env,
  );
  checkSegment('branch', branch);
  checkRevisionOrTag('revision', revision, 'tag', tag);
  if (tag !== undefined) checkSegment('tag', tag, 'a tag name');
  if (revision !== undefined) checkSegment('revision', revision, 'a commit');
  const parallel = inputs.integer('parallel', 1, 1000);
  const params = withContextParams(ctx, inputs.params('params'));
  const wait = inputs.boolean('wait', false);
  const timeoutMs = waitMs(inputs, 'wait-timeout-minutes', 60);
  const intervalMs = pollIntervalMs(inputs);
  const cancelOnAbort = inputs.boolean('cancel-on-abort', true);
  const policy = readOutcomePolicy(inputs);
  const failureLogLines = inputs.integer('failure-log-lines', 0, MAX_OUTPUT_LINES, 50);
  const api = readTriggerApi(inputs);
  const ifNoBuilds = readIfNothing(inputs, 'if-no-builds', 'fail');
  const definitionId = inputs.optional('definition-id');
  if (definitionId !== undefined) checkSegment('definition-id', definitionId, 'a pipeline definition id');
  const request: TriggerRequest = {
    branch,
    ...definedOnly({ definitionId, revision, tag, parallel, params }),
  };
  // With project-slug, service.trigger checks again, before anything is sent, what a slug project cannot take.
  checkTriggerInputs(api, request);
  return { api, ifNoBuilds, request, wait, timeoutMs, intervalMs, cancelOnAbort, policy, failureLogLines };
}

export type TriggerInputs = ReturnType<typeof readInputs>;

// With `github-context-params`, the parameters the service's own trigger action sends, so that a
// configuration written for it runs unchanged; a parameter `params` sets too keeps its value, with a warning.
function withContextParams(ctx: ActionContext, given: BuildParams | undefined): BuildParams | undefined {
  const meta = ctx.inputs.optional('github-meta');
  if (!ctx.inputs.boolean('github-context-params', false)) {
    if (meta !== undefined)
      ctx.io.warning('github-meta is given but not sent: it is sent only with github-context-params: true');
    return given;
  }
  // As that action sends them, a variable not set leaves its parameter out.
  const added: BuildParams = definedOnly({
    GHA_Actor: ctx.env['GITHUB_ACTOR'],
    GHA_Action: ctx.env['GITHUB_ACTION'],
    GHA_Event: ctx.env['GITHUB_EVENT_NAME'],
    GHA_Meta: meta,
  });
  const clash = Object.keys(added).filter((name) => given !== undefined && Object.hasOwn(given, name));
  if (clash.length > 0)
    ctx.io.warning(
      `params sets ${clash.join(', ')}, which github-context-params sets too: ` +
        `${clash.length > 1 ? 'the values given in params are' : 'the value given in params is'} sent`,
    );
  return Object.assign(Object.create(null) as BuildParams, added, given);
}
