// A SubmitProofRequest (proto/cuzk/v1/proving.proto) as the ProveRequest
// the core serves: enums and oneofs checked, sizes bounded; a message that
// asks something impossible throws RequestError naming the field.
#pragma once
#include "cuzk/v1/proving.pb.h"
#include "service/prove_request.hpp"

namespace cuzk::service {

ProveRequest request_of(const v1::SubmitProofRequest& m);

}  // namespace cuzk::service
