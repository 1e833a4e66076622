// GNU Radio 3.10 peer of tools/research/fir_fft_sweep.py in C++, so it runs on a machine without GNU Radio (the GPU
// machine) from the pack tools/research/gr_peer_bundle.sh makes. The same flowgraphs and timing as
// tools/research/gnuradio_fir_fft.py (after tools/bench/gnuradio_peer.py): null_source -> chain -> null_sink on the
// default thread-per-block scheduler, started, the source's items written polled every 2 ms until N samples have
// left it, stopped; Msps = samples / seconds from start to that point, after one warm-up run of max(1e6, N/5).
// Chains: fir_filter_ccf(1, [1/t]*t), fft_filter_ccf(1, [1/t]*t) (FFT convolution, how GNU Radio users run long
// filters) and stream_to_vector + fft_vcc(n, forward, rectangular, no shift).
//
//   gr_fir_fft bench --samples N [--taps 4,8,..] [--sizes 64,..] [--repeat R] [--max-seconds S]
//       prints {"gnuradio": version, "fir": {taps: Msps}, "fft_filter": {taps: Msps}, "fft": {n: Msps}}; with
//       --max-seconds a run also stops after S seconds (the rate is then over the samples that left by then)
//   gr_fir_fft check X.cf32 TAPS.f32 N OUT_DIR
//       runs X through the three blocks (vector_source -> block -> vector_sink) and writes OUT_DIR/fir.cf32,
//       fft_filter.cf32 and fft.cf32, for tools/research/gr_peer_check.py to compare against numpy
#include <gnuradio/blocks/null_sink.h>
#include <gnuradio/blocks/null_source.h>
#include <gnuradio/blocks/stream_to_vector.h>
#include <gnuradio/blocks/vector_sink.h>
#include <gnuradio/blocks/vector_source.h>
#include <gnuradio/constants.h>
#include <gnuradio/fft/fft_v.h>
#include <gnuradio/fft/window.h>
#include <gnuradio/filter/fft_filter_ccf.h>
#include <gnuradio/filter/fir_filter_blk.h>
#include <gnuradio/top_block.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using chain_t = std::vector<gr::basic_block_sptr>;
static const size_t C = sizeof(gr_complex);

static std::vector<float> average_taps(int t) { return std::vector<float>(t, 1.0f / t); }

static chain_t fir(int t) { return { gr::filter::fir_filter_ccf::make(1, average_taps(t)) }; }
static chain_t fft_filter(int t) { return { gr::filter::fft_filter_ccf::make(1, average_taps(t)) }; }
static chain_t fft(int n)
{
    return { gr::blocks::stream_to_vector::make(C, n),
             gr::fft::fft_v<gr_complex, true>::make(n, gr::fft::window::rectangular(n), false, 1) };
}

// samples per second (Msps) of one run, timed as gnuradio_peer.run_chain
static double run_chain(const chain_t& chain, size_t out_size, long samples, double max_seconds)
{
    auto tb = gr::make_top_block("peer");
    auto src = gr::blocks::null_source::make(C);
    tb->connect(src, 0, chain[0], 0);
    for (size_t i = 1; i < chain.size(); i++)
        tb->connect(chain[i - 1], 0, chain[i], 0);
    tb->connect(chain.back(), 0, gr::blocks::null_sink::make(out_size), 0);
    auto t0 = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    tb->start();
    while ((long)src->nitems_written(0) < samples && (max_seconds <= 0 || elapsed() < max_seconds))
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    double produced = src->nitems_written(0), seconds = elapsed();
    tb->stop();
    tb->wait();
    return produced / seconds / 1e6;
}

// the median of `repeat` runs after a warm-up; every run's rate goes to stderr (the spread, for the log)
static double measure(const std::function<chain_t()>& make, size_t out_size, long samples, int repeat, double max_s)
{
    run_chain(make(), out_size, std::max(1000000L, samples / 5), max_s > 0 ? max_s / 5 : 0); // warm-up
    std::vector<double> runs;
    for (int i = 0; i < repeat; i++) {
        runs.push_back(run_chain(make(), out_size, samples, max_s));
        std::cerr << (i ? " " : "  runs:") << runs.back();
    }
    std::cerr << "\n";
    std::sort(runs.begin(), runs.end());
    return runs[runs.size() / 2];
}

static std::vector<int> ints(const std::string& csv)
{
    std::vector<int> v;
    std::stringstream ss(csv);
    for (std::string s; std::getline(ss, s, ',');)
        if (!s.empty())
            v.push_back(std::stoi(s));
    return v;
}

static int bench(int argc, char** argv)
{
    long samples = 20000000;
    int repeat = 1;
    double max_s = 0;
    std::vector<int> taps, sizes;
    for (int i = 2; i + 1 < argc; i += 2) {
        std::string k = argv[i], v = argv[i + 1];
        if (k == "--samples") samples = (long)std::stod(v);
        else if (k == "--repeat") repeat = std::stoi(v);
        else if (k == "--max-seconds") max_s = std::stod(v);
        else if (k == "--taps") taps = ints(v);
        else if (k == "--sizes") sizes = ints(v);
        else { std::cerr << "gr_fir_fft bench: unknown option " << k << "\n"; return 2; }
    }
    std::ostringstream out;
    out << "{\"gnuradio\": \"" << gr::version() << "\"";
    auto row = [&](const char* key, const std::vector<int>& xs, std::function<chain_t(int)> make, bool vec) {
        out << ", \"" << key << "\": {";
        for (size_t i = 0; i < xs.size(); i++) {
            int x = xs[i];
            double msps = measure([&] { return make(x); }, vec ? C * x : C, samples, repeat, max_s);
            char buf[64];
            std::snprintf(buf, sizeof buf, "\"%d\": %.2f", x, msps);
            out << (i ? ", " : "") << buf;
            std::cerr << key << " " << x << ": " << msps << " Msps (median)\n";
        }
        out << "}";
    };
    row("fir", taps, fir, false);
    row("fft_filter", taps, fft_filter, false);
    row("fft", sizes, fft, true);
    std::cout << out.str() << "}" << std::endl;
    return 0;
}

template <class T> static std::vector<T> read_all(const char* path)
{
    std::ifstream f(path, std::ios::binary);
    std::vector<char> b((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    std::vector<T> v(b.size() / sizeof(T));
    std::copy(b.begin(), b.begin() + v.size() * sizeof(T), reinterpret_cast<char*>(v.data()));
    return v;
}

static void write_all(const std::string& path, const std::vector<gr_complex>& v)
{
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(v.data()), v.size() * C);
}

// x through a chain into a vector_sink (vlen 1: the fft's vectors leave as their points, in order)
static std::vector<gr_complex> filtered(const std::vector<gr_complex>& x, const chain_t& chain, int vlen)
{
    auto tb = gr::make_top_block("check");
    auto src = gr::blocks::vector_source_c::make(x, false);
    auto sink = gr::blocks::vector_sink_c::make(vlen);
    tb->connect(src, 0, chain[0], 0);
    for (size_t i = 1; i < chain.size(); i++)
        tb->connect(chain[i - 1], 0, chain[i], 0);
    tb->connect(chain.back(), 0, sink, 0);
    tb->run();
    return sink->data();
}

static int check(int argc, char** argv)
{
    if (argc != 6) {
        std::cerr << "usage: gr_fir_fft check X.cf32 TAPS.f32 N OUT_DIR\n";
        return 2;
    }
    auto x = read_all<gr_complex>(argv[2]);
    auto taps = read_all<float>(argv[3]);
    int n = std::stoi(argv[4]);
    std::string dir = argv[5];
    write_all(dir + "/fir.cf32", filtered(x, { gr::filter::fir_filter_ccf::make(1, taps) }, 1));
    write_all(dir + "/fft_filter.cf32", filtered(x, { gr::filter::fft_filter_ccf::make(1, taps) }, 1));
    write_all(dir + "/fft.cf32", filtered(x, fft(n), n));
    std::cout << "gnuradio " << gr::version() << ": " << x.size() << " samples, " << taps.size() << " taps, fft " << n
              << "\n";
    return 0;
}

int main(int argc, char** argv)
{
    std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "bench")
        return bench(argc, argv);
    if (mode == "check")
        return check(argc, argv);
    std::cerr << "usage: gr_fir_fft bench --samples N [--taps ...] [--sizes ...] [--repeat R] [--max-seconds S]\n"
                 "       gr_fir_fft check X.cf32 TAPS.f32 N OUT_DIR\n";
    return 2;
}
