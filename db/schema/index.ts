export * from "./courses";
export * from "./files";
export * from "./users";
export * from "./companies";
export * from "./jobs";
export * from "./surveys";
export * from "./ops";
export * from "./alerts";
