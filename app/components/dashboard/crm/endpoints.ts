export const LEADS = "/api/crm/leads";
export const BOARD = "/api/crm/board";
export const AFTER_SALE = "/api/crm/after_sale";
