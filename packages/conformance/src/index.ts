export { HTTP_METHODS, type HttpMethod, listOperations, type OperationRef } from "./operations.js";
