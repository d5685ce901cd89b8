export const OPERATORS = "/api/operators";
export const TWO_FACTOR_POLICY = "/api/two_factor_policy";
