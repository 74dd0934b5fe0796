// The ahead-of-time JSON Resume validator (scripts/json-resume-validator.mjs): ajv's compiled schema as a module.
import type { ValidateFunction } from 'ajv';

export declare const validate: ValidateFunction;
export default validate;
