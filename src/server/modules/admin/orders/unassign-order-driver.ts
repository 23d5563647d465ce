// placeholder until nodriver is merged
export {};
