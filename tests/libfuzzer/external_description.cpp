// Command-line solver descriptions (NAME.solver.yaml) through the plugin
// registry, as `--plugin-dir` loads them. Beyond "no crash": each file is
// either one plugin or one skipped file with a reason, and a loaded one has
// a descriptor the host would accept from any plugin (the registry checks
// it) with the capabilities and shapes a description can give.
#include <fstream>
#include <string>

#include "fuzz_support.hpp"
#include "fuzz_tempdir.hpp"
#include "numplace/host.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    const std::string path = np::fuzz::temp_dir() + "/fuzz.solver.yaml";
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    np::PluginRegistry registry;
    registry.add_file(path);
    NP_FUZZ_CHECK(registry.plugins().size() + registry.skipped().size() == 1, "one file, one outcome");
    if (!registry.skipped().empty()) {
        NP_FUZZ_CHECK(!registry.skipped()[0].reason.empty(), "skipped without a reason");
        return 0;
    }
    const np::Plugin& p = registry.plugins()[0];
    NP_FUZZ_CHECK(p.external(), "a description loaded as a library");
    NP_FUZZ_CHECK(p.can(NP_CAP_SOLVE), "a command-line solver that cannot solve");
    NP_FUZZ_CHECK((p.capabilities() & ~uint32_t{NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE}) == 0,
                  "capabilities a description cannot give");
    NP_FUZZ_CHECK(p.max_side() != 0 || !p.listed_geometries().empty(), "a solver of no shape");
    for (const np::Geometry& g : p.listed_geometries()) NP_FUZZ_CHECK(g.valid(), "listed shape " + g.name());
    (void)p.geometry_summary();
    return 0;
}
