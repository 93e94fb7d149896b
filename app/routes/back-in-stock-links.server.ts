export { confirmStockAlert, unsubscribeStockAlerts } from "../../server/catalog/stock-alerts";
