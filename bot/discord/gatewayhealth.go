package discord

// GatewayUp counts the gateway's shard sessions that are connected (they received Discord's
// READY and have not lost their connection since) and those this process runs; 0 and 0 in
// HTTP-interactions mode, which has no gateway. It is called once Start has returned (Start
// makes the sessions).
func (a *Adapter) GatewayUp() (up, shards int) {
	for _, s := range a.gateway {
		s.RLock()
		if s.DataReady {
			up++
		}
		s.RUnlock()
	}
	return up, len(a.gateway)
}
