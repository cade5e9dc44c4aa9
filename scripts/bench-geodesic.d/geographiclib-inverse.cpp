// GeographicLib's C++ inverse geodesic over the pairs grubmap-bench wrote, as the speed reference for
// scripts/bench-geodesic. Usage: geographiclib-inverse FILE.pairs ROUNDS
// FILE.pairs holds little-endian doubles, lat1 lon1 lat2 lon2 per pair. Prints
// "cpp-geographiclib OPS_PER_SECOND CHECKSUM_METERS", the best of ROUNDS, like grubmap-bench.
#include <GeographicLib/Geodesic.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <vector>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s FILE.pairs ROUNDS\n", argv[0]);
    return 2;
  }
  std::ifstream file(argv[1], std::ios::binary | std::ios::ate);
  if (!file) {
    std::fprintf(stderr, "cannot read %s\n", argv[1]);
    return 1;
  }
  const std::streamsize bytes = file.tellg();
  file.seekg(0);
  std::vector<double> values(bytes / sizeof(double));
  file.read(reinterpret_cast<char*>(values.data()), bytes);
  const std::size_t pairs = values.size() / 4;
  const int rounds = std::atoi(argv[2]);

  const GeographicLib::Geodesic& geodesic = GeographicLib::Geodesic::WGS84();
  double best = 0, checksum = 0, bearings = 0;
  for (int round = 0; round < rounds; ++round) {
    double sum = 0;
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < pairs; ++i) {
      double s12, azi1, azi2;
      geodesic.Inverse(values[4 * i], values[4 * i + 1], values[4 * i + 2], values[4 * i + 3], s12, azi1, azi2);
      sum += s12;
      bearings += azi1 + azi2;
    }
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    if (pairs / elapsed.count() > best) best = pairs / elapsed.count();
    checksum = sum;
  }
  std::printf("cpp-geographiclib %.0f %.6f %s\n", best, checksum, bearings == bearings ? "" : "?");
  return 0;
}
