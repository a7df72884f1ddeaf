// placeholder until the server is written
export {};
