package provider

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// The vendor registry: one entry per provider type, declaring everything the rest of war-room
// needs to know about it — the profile keys it takes and requires, where its requests go, how
// its adapter is built, what it knows of a model, and the profiles and server keys the
// environment can supply for it. The configuration's validation and detection, the wiring that
// builds profiles, the App's key policy and doctor all read it; nothing else switches on a
// provider type. A new vendor is its adapter package (which registers itself) and one line in
// internal/provider/vendors.

// Vendor is one provider type.
type Vendor struct {
	// Type is the value of a profile's type key.
	Type string
	// Keys are the profile keys that apply to this type beyond the ones every profile takes
	// (family, model, effort, timeout, …); a profile of another type that sets one is an error.
	Keys []string
	// Required are the keys a profile of this type must set.
	Required []string
	// OverHTTP says the adapter sends requests to an HTTP endpoint: base_url applies, a cache
	// warm-up can help, and a shared App holds the endpoint to its policy.
	OverHTTP bool
	// Host is where requests go when base_url is unset, for the disclosure ("" none).
	Host string
	// BaseURLs are the vendor's own endpoints as a profile may spell them out.
	BaseURLs []string
	// ExplicitCache says prompt caching is asked for explicitly (cache_control breakpoints),
	// so doctor checks that a second identical call reads the cache back.
	ExplicitCache bool
	// Local says the adapter runs on this machine (no endpoint, no context limit to check).
	Local bool
	// New builds the adapter for a profile and returns the model it will use.
	New func(ctx context.Context, s Settings) (Provider, string, error)
	// Capabilities is what war-room knows of a model (its model catalog and the vendor's own
	// rules), and whether the model or its line was found there. command is a cli profile's
	// program.
	Capabilities func(model, command string) (Capabilities, bool)
	// Catalog names the model catalog's vendors whose models this type speaks to
	// (war-room models lists them under it).
	Catalog []string
	// ContextSize asks a local server the context size of the model it serves (nil: the
	// vendor cannot say). Only the server detected from the environment is asked when a
	// profile is built; doctor asks any.
	ContextSize func(ctx context.Context, s Settings) int
	// Endpoint overrides the disclosure of where requests go (nil: base_url's host, else Host).
	Endpoint func(s Settings) string
	// Detect are the profiles the environment can supply for this type, each with the server
	// key variable it reads.
	Detect []Detection
}

// Settings are a profile's settings, as the adapter's constructor takes them.
type Settings struct {
	Model, BaseURL, APIKey string
	// Command and Binary are a cli profile's program; Responses a script profile's file.
	Command, Binary, Responses string
	Timeout                    time.Duration
	// HTTP is the client of the HTTP adapters (nil: their default).
	HTTP *http.Client
	// LocalServer says the endpoint is a local server that may report its context size.
	LocalServer bool
}

// Detection is one profile built from environment variables when no configuration file
// declares profiles, and the server key it reads.
type Detection struct {
	// Profile is the detected profile's name, and the vendor name --provider-env uses.
	Profile string
	// Family is the profile's model family; FamilyEnv, when set and non-empty, overrides it.
	Family, FamilyEnv string
	// KeyEnv holds the API key (read by name; the key is read when the profile is built).
	// The profile is detected when KeyEnv is set, unless BaseURLEnv is given: then the
	// base URL's variable decides and the key is optional.
	KeyEnv string
	// ModelEnv overrides DefaultModel.
	ModelEnv, DefaultModel string
	// BaseURL is the endpoint its key belongs to ("" the vendor's own); BaseURLEnv, when
	// given, names the variable that holds it instead (an operator's own server).
	BaseURL, BaseURLEnv string
}

// registry is every registered provider type, in the order documentation and messages list
// them: each adapter registers itself in its init, and internal/provider/vendors links every
// adapter (the one list of vendors).
var registry []Vendor

// vendorOrder is the order the built-in vendors are listed in, whatever order their packages
// are initialised in; a vendor not named here follows them, in registration order.
var vendorOrder = []string{"anthropic", "openai", TypeCLI, TypeScript}

// Register adds a vendor: an adapter's init, or a test's fake fourth one. A type registered
// twice panics: two adapters behind one name would make a profile's meaning depend on the
// order of init.
func Register(v Vendor) {
	if _, ok := Lookup(v.Type); ok {
		panic(fmt.Sprintf("provider: type %q registered twice", v.Type))
	}
	registry = append(registry, v)
	rank := func(t string) int {
		if i := slices.Index(vendorOrder, t); i >= 0 {
			return i
		}
		return len(vendorOrder)
	}
	slices.SortStableFunc(registry, func(a, b Vendor) int { return rank(a.Type) - rank(b.Type) })
}

// Lookup finds a provider type.
func Lookup(typ string) (Vendor, bool) {
	i := slices.IndexFunc(registry, func(v Vendor) bool { return v.Type == typ })
	if i < 0 {
		return Vendor{}, false
	}
	return registry[i], true
}

// Types lists the provider types in registry order.
func Types() []string {
	out := make([]string, len(registry))
	for i, v := range registry {
		out[i] = v.Type
	}
	return out
}

// KeyTypes maps each type-specific profile key to the types that take it.
func KeyTypes() map[string][]string {
	out := map[string][]string{}
	for _, v := range registry {
		for _, k := range v.Keys {
			out[k] = append(out[k], v.Type)
		}
	}
	return out
}

// Detections lists every detectable profile, in registry order, with the type it builds.
func Detections() []TypedDetection {
	var out []TypedDetection
	for _, v := range registry {
		for _, d := range v.Detect {
			out = append(out, TypedDetection{Type: v.Type, Detection: d})
		}
	}
	return out
}

// TypedDetection is a Detection with the provider type of the profile it builds.
type TypedDetection struct {
	Type string
	Detection
}

// Disclose says where a profile's requests go, for the disclosure a person reads before the
// first call.
func (v Vendor) Disclose(s Settings) string {
	if v.Endpoint != nil {
		return v.Endpoint(s)
	}
	if s.BaseURL != "" {
		if u, err := url.Parse(s.BaseURL); err == nil && u.Host != "" {
			return u.Host
		}
		return s.BaseURL
	}
	return v.Host
}

// OwnEndpoint reports whether base (a profile's base_url, "" for none) is one of the vendor's
// own endpoints.
func (v Vendor) OwnEndpoint(base string) bool {
	base = NormURL(base)
	return base == "" || slices.ContainsFunc(v.BaseURLs, func(u string) bool { return NormURL(u) == base })
}

// NormURL trims white space and a trailing slash, so that two spellings of one URL compare equal.
func NormURL(u string) string { return strings.TrimSuffix(strings.TrimSpace(u), "/") }
