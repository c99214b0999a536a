package script

import "github.com/war-room/war-room/engine/provider"

// Calls returns how many calls Complete has received, failed ones included.
func (p *Provider) Calls() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.requests)
}

// CallsFor returns how many calls Complete has received for role.
func (p *Provider) CallsFor(role string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.perRole[role]
}

// Requests returns a copy of every request received, in the order received.
func (p *Provider) Requests() []provider.Request {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]provider.Request(nil), p.requests...)
}
