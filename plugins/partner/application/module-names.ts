import { ValidationError, type ValidationIssue } from '../../../kernel/public.js';
import { ALWAYS_ON_MODULES } from '../domain/modules.js';
import { PLANNED_SDK_LANGUAGES, SDK_LANGUAGES } from '../operations.js';


/** Module names as BANK_MODULES spells them, each enabled in this service; duplicates dropped, order kept. */
export function checkModules(requested: readonly string[], enabled: readonly string[], pointer: string): string[] {
  const issues: ValidationIssue[] = [];
  requested.forEach((name, index) => {
    if (!enabled.includes(name) || ALWAYS_ON_MODULES.includes(name)) {
      issues.push({ pointer: `${pointer}/${index}`, detail: `'${name}' is not a module of this service (enabled: ${enabled.filter((one) => !ALWAYS_ON_MODULES.includes(one)).join(', ')})`, code: 'unknown_module' });
    }
  });
  if (issues.length > 0) throw new ValidationError(issues);
  return [...new Set(requested)];
}

/** typescript, python, php; java and go are planned (422 'language_planned'). `pointerOf` names each entry's place in the body. */
export function sdkLanguageIssues(requested: readonly string[], pointerOf: (index: number) => string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  requested.forEach((language, index) => {
    if ((PLANNED_SDK_LANGUAGES as readonly string[]).includes(language)) {
      issues.push({ pointer: pointerOf(index), detail: `${language} SDKs are planned, not yet generated; use ${SDK_LANGUAGES.join(', ')}`, code: 'language_planned' });
    } else if (!(SDK_LANGUAGES as readonly string[]).includes(language)) {
      issues.push({ pointer: pointerOf(index), detail: `'${language}' is not an SDK language; use ${SDK_LANGUAGES.join(', ')}`, code: 'unknown_language' });
    }
  });
  return issues;
}
