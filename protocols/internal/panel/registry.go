package panel

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/war-room/war-room/engine/provider"
)

// Role is what every protocol knows of one of its roles; a protocol's own role type embeds
// it with its extras (the family a seat prefers, whether it holds a seat, …).
type Role struct {
	Key   string
	Title string
	// Effort is the role's default effort.
	Effort provider.Effort
}

// Spec is a protocol's role type.
type Spec interface{ Base() Role }

// Base returns the role itself, so a protocol's role type that embeds Role is a Spec.
func (r Role) Base() Role { return r }

// Registry is a protocol's roles in the order its panels, ballots and records use, with the
// role bodies (system prompts) embedded from roles/<key>.md. No body names a role: a seat
// learns what it is for, never what it is called.
type Registry[S Spec] struct {
	protocol string
	files    fs.FS
	specs    []S
}

// NewRegistry makes a registry over specs, whose bodies are files/roles/<key>.md.
func NewRegistry[S Spec](protocol string, files fs.FS, specs ...S) *Registry[S] {
	return &Registry[S]{protocol: protocol, files: files, specs: specs}
}

// All returns every role in order.
func (g *Registry[S]) All() []S { return g.specs }

// Spec returns a role by key.
func (g *Registry[S]) Spec(key string) (S, bool) {
	for _, s := range g.specs {
		if s.Base().Key == key {
			return s, true
		}
	}
	var zero S
	return zero, false
}

// Title returns a role's display title, or the key when unknown.
func (g *Registry[S]) Title(key string) string {
	if s, ok := g.Spec(key); ok {
		return s.Base().Title
	}
	return key
}

// Keys lists every role key in order.
func (g *Registry[S]) Keys() []string {
	out := make([]string, len(g.specs))
	for i, s := range g.specs {
		out[i] = s.Base().Key
	}
	return out
}

// Body returns a role's body (its system prompt).
func (g *Registry[S]) Body(key string) (string, error) {
	return g.File(key + ".md")
}

// File returns one file of the roles directory, trimmed.
func (g *Registry[S]) File(name string) (string, error) {
	b, err := fs.ReadFile(g.files, "roles/"+name)
	if err != nil {
		return "", fmt.Errorf("%s: no role file %s: %w", g.protocol, name, err)
	}
	return strings.TrimSpace(string(b)), nil
}

// Identities are the words that would give a role away in model-written text: every title,
// key, and key with spaces ("red team").
func (g *Registry[S]) Identities() []string {
	var out []string
	for _, s := range g.specs {
		r := s.Base()
		out = append(out, r.Title, r.Key, strings.ReplaceAll(r.Key, "-", " "))
	}
	return out
}
