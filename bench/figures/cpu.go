package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// cpuGoal is the engine's CPU budget per call.
const cpuGoal = 300 * time.Microsecond

// engineCPU is the CPU the CLI process spends per call on a full council whose calls take no
// time: everything but the (scripted, instant) provider is war-room's own cost.
func engineCPU() figure {
	return figure{name: "engine CPU per call, CLI full council at 0 ms", goal: "≤ 0.30 ms", limit: 1,
		measure: func(ctx context.Context, b *bench) (result, error) {
			var per []float64
			var total []time.Duration
			calls := 0
			for range b.runs {
				r, err := b.run(ctx, "cpu-full", deliberateRun("full", fiveVendors, 0))
				if err != nil {
					return result{}, err
				}
				per = append(per, float64(r.cpu)/float64(r.calls))
				total, calls = append(total, r.cpu), r.calls
			}
			m := time.Duration(median(per))
			return result{value: fmt.Sprintf("%s/call (%s for %d calls)", ms(m), ms(medianDuration(total)), calls),
				ratio: float64(m) / float64(cpuGoal)}, nil
		}}
}

// floorCPU is the median process CPU of a command run b.runs times, each in a fresh directory
// (so a store it opens is a new file).
func floorCPU(ctx context.Context, b *bench, name string, args ...string) (time.Duration, error) {
	var cpu []time.Duration
	for range b.runs {
		dir, err := b.tempDir(name)
		if err != nil {
			return 0, err
		}
		p, err := b.war(ctx, dir, nil, args...)
		if err != nil {
			return 0, err
		}
		cpu = append(cpu, p.cpu)
	}
	return medianDuration(cpu), nil
}

// freshStore is a command that starts, opens a store at a new file (creating its schema),
// lists nothing and exits: what every CLI deliberation spends before its first step.
var freshStore = []string{"decisions", "list", "--db", "state.db"}

// cliFloors are what the CPU figures stand on: the process's start-up, and start-up with a
// fresh store. No goal: they say how much of "engine CPU per call" no engine change can remove.
func cliFloors() []figure {
	one := func(name string, args ...string) figure {
		return figure{name: name, goal: "what the CLI figures stand on", floor: true,
			measure: func(ctx context.Context, b *bench) (result, error) {
				m, err := floorCPU(ctx, b, "floor", args...)
				if err != nil {
					return result{}, err
				}
				return result{value: fmt.Sprintf("%s CPU (%s per call of a 26-call council)", ms(m), ms(m/26)),
					ratio: float64(m) / float64(26*cpuGoal)}, nil
			}}
	}
	return []figure{
		one("CLI floor: start-up (war-room version)", "version"),
		one("CLI floor: start-up and a fresh store (decisions list, new file)", freshStore...),
	}
}

// engineCPUNet is engine CPU per call with the fresh-store floor taken off: the CPU the
// session itself spends per call (its steps, its ledger, its record, the provider's parse).
func engineCPUNet() figure {
	return figure{name: "engine CPU per call, net of start-up and a fresh store", goal: "≤ 0.30 ms", limit: 1,
		measure: func(ctx context.Context, b *bench) (result, error) {
			floor, err := floorCPU(ctx, b, "floor", freshStore...)
			if err != nil {
				return result{}, err
			}
			var total []time.Duration
			calls := 0
			for range b.runs {
				r, err := b.run(ctx, "cpu-net", deliberateRun("full", fiveVendors, 0))
				if err != nil {
					return result{}, err
				}
				total, calls = append(total, r.cpu), r.calls
			}
			net := (medianDuration(total) - floor) / time.Duration(calls)
			return result{value: fmt.Sprintf("%s/call ((%s − %s) over %d calls)", ms(net), ms(medianDuration(total)), ms(floor), calls),
				ratio: float64(net) / float64(cpuGoal)}, nil
		}}
}

// adapterGoal is the marginal CPU budget per call through an HTTP adapter.
const adapterGoal = 600 * time.Microsecond

// adapterCPU is the CPU one more call costs when it goes through the OpenAI adapter to a
// loopback vendor answering at once: a delphi run's CPU minus a full council's, over the calls
// delphi adds, so the process's fixed costs (start-up, migrations, the record) cancel out.
// The same difference on the script provider is printed beside it: the engine's own share of
// a call, the floor under what the adapter can reach.
func adapterCPU() figure {
	return figure{name: "marginal CPU per call, HTTP adapter (delphi − full council, 0 ms)", goal: "≤ 0.60 ms", limit: 1,
		measure: func(ctx context.Context, b *bench) (result, error) {
			body, err := scripts.ReadFile("testdata/warroom.yaml")
			if err != nil {
				return result{}, err
			}
			path := filepath.Join(b.dir, "vendor.yaml")
			if err := os.WriteFile(path, append([]byte("latency: 0s\n"), body...), 0o600); err != nil {
				return result{}, err
			}
			v, err := startVendor(path)
			if err != nil {
				return result{}, err
			}
			defer v.close()
			var per, scripted []float64
			var extra int
			for range b.runs {
				for _, vendor := range []string{v.url, ""} {
					m, n, err := marginalCPU(ctx, b, vendor)
					if err != nil {
						return result{}, err
					}
					if vendor == "" {
						scripted = append(scripted, m)
						continue
					}
					per, extra = append(per, m), n
				}
			}
			m := time.Duration(median(per))
			return result{value: fmt.Sprintf("%s/call (over %d extra calls; script provider %s/call)", ms(m), extra,
				ms(time.Duration(median(scripted)))), ratio: float64(m) / float64(adapterGoal)}, nil
		}}
}

// marginalCPU runs a full council and a delphi at 0 ms, through the HTTP vendor at vendor
// (the script provider when empty), and returns delphi's extra CPU per extra call and the
// number of extra calls.
func marginalCPU(ctx context.Context, b *bench, vendor string) (float64, int, error) {
	var cpu [2]time.Duration
	var calls [2]int
	name := "adapter-"
	if vendor == "" {
		name = "scripted-"
	}
	for i, mode := range []string{"full", "delphi"} {
		d := deliberateRun(mode, fiveVendors, 0)
		d.panel.vendor = vendor
		r, err := b.run(ctx, name+mode, d, benchKeyEnv+"=bench")
		if err != nil {
			return 0, 0, err
		}
		cpu[i], calls[i] = r.cpu, r.calls
	}
	extra := calls[1] - calls[0]
	if extra <= 0 {
		return 0, 0, fmt.Errorf("delphi made %d calls, the full council %d: nothing to divide by", calls[1], calls[0])
	}
	return float64(cpu[1]-cpu[0]) / float64(extra), extra, nil
}
