/* eslint-disable */
// @ts-nocheck
// Written by `npm run json-resume:validator` from @jsonresume/schema with ajv (standalone); do not edit.
import { fullFormats } from 'ajv-formats/dist/formats.js';

export const validate = validate10;
export default validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"http://example.com/example.json","additionalProperties":true,"definitions":{"iso8601":{"type":"string","description":"Similar to the standard date type, but each section after the year is optional. e.g. 2014-06-29 or 2023-04","pattern":"^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"}},"properties":{"$schema":{"type":"string","description":"link to the version of the schema that can validate the resume","format":"uri"},"basics":{"type":"object","additionalProperties":true,"properties":{"name":{"type":"string"},"label":{"type":"string","description":"e.g. Web Developer"},"image":{"type":"string","description":"URL (as per RFC 3986) to a image in JPEG or PNG format"},"email":{"type":"string","description":"e.g. thomas@gmail.com","format":"email"},"phone":{"type":"string","description":"Phone numbers are stored as strings so use any format you like, e.g. 712-117-2923"},"url":{"type":"string","description":"URL (as per RFC 3986) to your website, e.g. personal homepage","format":"uri"},"summary":{"type":"string","description":"Write a short 2-3 sentence biography about yourself"},"location":{"type":"object","additionalProperties":true,"properties":{"address":{"type":"string","description":"To add multiple address lines, use \n. For example, 1234 Glücklichkeit Straße\nHinterhaus 5. Etage li."},"postalCode":{"type":"string"},"city":{"type":"string"},"countryCode":{"type":"string","description":"code as per ISO-3166-1 ALPHA-2, e.g. US, AU, IN"},"region":{"type":"string","description":"The general region where you live. Can be a US state, or a province, for instance."}}},"profiles":{"type":"array","description":"Specify any number of social networks that you participate in","items":{"type":"object","additionalProperties":true,"properties":{"network":{"type":"string","description":"e.g. Facebook or Twitter"},"username":{"type":"string","description":"e.g. neutralthoughts"},"url":{"type":"string","description":"e.g. http://twitter.example.com/neutralthoughts","format":"uri"}}}}}},"work":{"type":"array","items":{"type":"object","additionalProperties":true,"properties":{"name":{"type":"string","description":"e.g. Facebook"},"location":{"type":"string","description":"e.g. Menlo Park, CA"},"description":{"type":"string","description":"e.g. Social Media Company"},"position":{"type":"string","description":"e.g. Software Engineer"},"url":{"type":"string","description":"e.g. http://facebook.example.com","format":"uri"},"startDate":{"$ref":"#/definitions/iso8601"},"endDate":{"$ref":"#/definitions/iso8601"},"summary":{"type":"string","description":"Give an overview of your responsibilities at the company"},"highlights":{"type":"array","description":"Specify multiple accomplishments","items":{"type":"string","description":"e.g. Increased profits by 20% from 2011-2012 through viral advertising"}}}}},"volunteer":{"type":"array","items":{"type":"object","additionalProperties":true,"properties":{"organization":{"type":"string","description":"e.g. Facebook"},"position":{"type":"string","description":"e.g. Software Engineer"},"url":{"type":"string","description":"e.g. http://facebook.example.com","format":"uri"},"startDate":{"$ref":"#/definitions/iso8601"},"endDate":{"$ref":"#/definitions/iso8601"},"summary":{"type":"string","description":"Give an overview of your responsibilities at the company"},"highlights":{"type":"array","description":"Specify accomplishments and achievements","items":{"type":"string","description":"e.g. Increased profits by 20% from 2011-2012 through viral advertising"}}}}},"education":{"type":"array","items":{"type":"object","additionalProperties":true,"properties":{"institution":{"type":"string","description":"e.g. Massachusetts Institute of Technology"},"url":{"type":"string","description":"e.g. http://facebook.example.com","format":"uri"},"area":{"type":"string","description":"e.g. Arts"},"studyType":{"type":"string","description":"e.g. Bachelor"},"startDate":{"$ref":"#/definitions/iso8601"},"endDate":{"$ref":"#/definitions/iso8601"},"score":{"type":"string","description":"grade point average, e.g. 3.67/4.0"},"courses":{"type":"array","description":"List notable courses/subjects","items":{"type":"string","description":"e.g. H1302 - Introduction to American history"}}}}},"awards":{"type":"array","description":"Specify any awards you have received throughout your professional career","items":{"type":"object","additionalProperties":true,"properties":{"title":{"type":"string","description":"e.g. One of the 100 greatest minds of the century"},"date":{"$ref":"#/definitions/iso8601"},"awarder":{"type":"string","description":"e.g. Time Magazine"},"summary":{"type":"string","description":"e.g. Received for my work with Quantum Physics"}}}},"certificates":{"type":"array","description":"Specify any certificates you have received throughout your professional career","items":{"type":"object","additionalProperties":true,"properties":{"name":{"type":"string","description":"e.g. Certified Kubernetes Administrator"},"date":{"$ref":"#/definitions/iso8601"},"url":{"type":"string","description":"e.g. http://example.com","format":"uri"},"issuer":{"type":"string","description":"e.g. CNCF"}}}},"publications":{"type":"array","description":"Specify your publications through your career","items":{"type":"object","additionalProperties":true,"properties":{"name":{"type":"string","description":"e.g. The World Wide Web"},"publisher":{"type":"string","description":"e.g. IEEE, Computer Magazine"},"releaseDate":{"$ref":"#/definitions/iso8601"},"url":{"type":"string","description":"e.g. http://www.computer.org.example.com/csdl/mags/co/1996/10/rx069-abs.html","format":"uri"},"summary":{"type":"string","description":"Short summary of publication. e.g. Discussion of the World Wide Web, HTTP, HTML."}}}},"skills":{"type":"array","description":"List out your professional skill-set","items":{"type":"object","additionalProperties":true,"properties":{"name":{"type":"string","description":"e.g. Web Development"},"level":{"type":"string","description":"e.g. Master"},"keywords":{"type":"array","description":"List some keywords pertaining to this skill","items":{"type":"string","description":"e.g. HTML"}}}}},"languages":{"type":"array","description":"List any other languages you speak","items":{"type":"object","additionalProperties":true,"properties":{"language":{"type":"string","description":"e.g. English, Spanish"},"fluency":{"type":"string","description":"e.g. Fluent, Beginner"}}}},"interests":{"type":"array","items":{"type":"object","additionalProperties":true,"properties":{"name":{"type":"string","description":"e.g. Philosophy"},"keywords":{"type":"array","items":{"type":"string","description":"e.g. Friedrich Nietzsche"}}}}},"references":{"type":"array","description":"List references you have received","items":{"type":"object","additionalProperties":true,"properties":{"name":{"type":"string","description":"e.g. Timothy Cook"},"reference":{"type":"string","description":"e.g. Joe blogs was a great employee, who turned up to work at least once a week. He exceeded my expectations when it came to doing nothing."}}}},"projects":{"type":"array","description":"Specify career projects","items":{"type":"object","additionalProperties":true,"properties":{"name":{"type":"string","description":"e.g. The World Wide Web"},"description":{"type":"string","description":"Short summary of project. e.g. Collated works of 2017."},"highlights":{"type":"array","description":"Specify multiple features","items":{"type":"string","description":"e.g. Directs you close but not quite there"}},"keywords":{"type":"array","description":"Specify special elements involved","items":{"type":"string","description":"e.g. AngularJS"}},"startDate":{"$ref":"#/definitions/iso8601"},"endDate":{"$ref":"#/definitions/iso8601"},"url":{"type":"string","format":"uri","description":"e.g. http://www.computer.org/csdl/mags/co/1996/10/rx069-abs.html"},"roles":{"type":"array","description":"Specify your role on this project or in company","items":{"type":"string","description":"e.g. Team Lead, Speaker, Writer"}},"entity":{"type":"string","description":"Specify the relevant company/entity affiliations e.g. 'greenpeace', 'corporationXYZ'"},"type":{"type":"string","description":" e.g. 'volunteering', 'presentation', 'talk', 'application', 'conference'"}}}},"meta":{"type":"object","description":"The schema version and any other tooling configuration lives here","additionalProperties":true,"properties":{"canonical":{"type":"string","description":"URL (as per RFC 3986) to latest version of this document","format":"uri"},"version":{"type":"string","description":"A version field which follows semver - e.g. v1.0.0"},"lastModified":{"type":"string","description":"Using ISO 8601 with YYYY-MM-DDThh:mm:ss"}}}},"title":"Resume Schema","type":"object"};
const schema12 = {"type":"string","description":"Similar to the standard date type, but each section after the year is optional. e.g. 2014-06-29 or 2023-04","pattern":"^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"};
const formats0 = fullFormats.uri;
const formats2 = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const pattern0 = new RegExp("^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$", "u");

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="http://example.com/example.json" */;
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.$schema !== undefined){
let data0 = data.$schema;
const _errs2 = errors;
if(errors === _errs2){
if(errors === _errs2){
if(typeof data0 === "string"){
if(!(formats0(data0))){
validate10.errors = [{instancePath:instancePath+"/$schema",schemaPath:"#/properties/%24schema/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/$schema",schemaPath:"#/properties/%24schema/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.basics !== undefined){
let data1 = data.basics;
const _errs4 = errors;
if(errors === _errs4){
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.name !== undefined){
const _errs7 = errors;
if(typeof data1.name !== "string"){
validate10.errors = [{instancePath:instancePath+"/basics/name",schemaPath:"#/properties/basics/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid1 = _errs7 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data1.label !== undefined){
const _errs9 = errors;
if(typeof data1.label !== "string"){
validate10.errors = [{instancePath:instancePath+"/basics/label",schemaPath:"#/properties/basics/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid1 = _errs9 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data1.image !== undefined){
const _errs11 = errors;
if(typeof data1.image !== "string"){
validate10.errors = [{instancePath:instancePath+"/basics/image",schemaPath:"#/properties/basics/properties/image/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid1 = _errs11 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data1.email !== undefined){
let data5 = data1.email;
const _errs13 = errors;
if(errors === _errs13){
if(errors === _errs13){
if(typeof data5 === "string"){
if(!(formats2.test(data5))){
validate10.errors = [{instancePath:instancePath+"/basics/email",schemaPath:"#/properties/basics/properties/email/format",keyword:"format",params:{format: "email"},message:"must match format \""+"email"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/basics/email",schemaPath:"#/properties/basics/properties/email/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
}
var valid1 = _errs13 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data1.phone !== undefined){
const _errs15 = errors;
if(typeof data1.phone !== "string"){
validate10.errors = [{instancePath:instancePath+"/basics/phone",schemaPath:"#/properties/basics/properties/phone/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid1 = _errs15 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data1.url !== undefined){
let data7 = data1.url;
const _errs17 = errors;
if(errors === _errs17){
if(errors === _errs17){
if(typeof data7 === "string"){
if(!(formats0(data7))){
validate10.errors = [{instancePath:instancePath+"/basics/url",schemaPath:"#/properties/basics/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/basics/url",schemaPath:"#/properties/basics/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
}
var valid1 = _errs17 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data1.summary !== undefined){
const _errs19 = errors;
if(typeof data1.summary !== "string"){
validate10.errors = [{instancePath:instancePath+"/basics/summary",schemaPath:"#/properties/basics/properties/summary/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid1 = _errs19 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data1.location !== undefined){
let data9 = data1.location;
const _errs21 = errors;
if(errors === _errs21){
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.address !== undefined){
const _errs24 = errors;
if(typeof data9.address !== "string"){
validate10.errors = [{instancePath:instancePath+"/basics/location/address",schemaPath:"#/properties/basics/properties/location/properties/address/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs24 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data9.postalCode !== undefined){
const _errs26 = errors;
if(typeof data9.postalCode !== "string"){
validate10.errors = [{instancePath:instancePath+"/basics/location/postalCode",schemaPath:"#/properties/basics/properties/location/properties/postalCode/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs26 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data9.city !== undefined){
const _errs28 = errors;
if(typeof data9.city !== "string"){
validate10.errors = [{instancePath:instancePath+"/basics/location/city",schemaPath:"#/properties/basics/properties/location/properties/city/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs28 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data9.countryCode !== undefined){
const _errs30 = errors;
if(typeof data9.countryCode !== "string"){
validate10.errors = [{instancePath:instancePath+"/basics/location/countryCode",schemaPath:"#/properties/basics/properties/location/properties/countryCode/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs30 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data9.region !== undefined){
const _errs32 = errors;
if(typeof data9.region !== "string"){
validate10.errors = [{instancePath:instancePath+"/basics/location/region",schemaPath:"#/properties/basics/properties/location/properties/region/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs32 === errors;
}
else {
var valid2 = true;
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/basics/location",schemaPath:"#/properties/basics/properties/location/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid1 = _errs21 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data1.profiles !== undefined){
let data15 = data1.profiles;
const _errs34 = errors;
if(errors === _errs34){
if(Array.isArray(data15)){
var valid3 = true;
const len0 = data15.length;
for(let i0=0; i0<len0; i0++){
let data16 = data15[i0];
const _errs36 = errors;
if(errors === _errs36){
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
if(data16.network !== undefined){
const _errs39 = errors;
if(typeof data16.network !== "string"){
validate10.errors = [{instancePath:instancePath+"/basics/profiles/" + i0+"/network",schemaPath:"#/properties/basics/properties/profiles/items/properties/network/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid4 = _errs39 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data16.username !== undefined){
const _errs41 = errors;
if(typeof data16.username !== "string"){
validate10.errors = [{instancePath:instancePath+"/basics/profiles/" + i0+"/username",schemaPath:"#/properties/basics/properties/profiles/items/properties/username/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid4 = _errs41 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data16.url !== undefined){
let data19 = data16.url;
const _errs43 = errors;
if(errors === _errs43){
if(errors === _errs43){
if(typeof data19 === "string"){
if(!(formats0(data19))){
validate10.errors = [{instancePath:instancePath+"/basics/profiles/" + i0+"/url",schemaPath:"#/properties/basics/properties/profiles/items/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/basics/profiles/" + i0+"/url",schemaPath:"#/properties/basics/properties/profiles/items/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
}
var valid4 = _errs43 === errors;
}
else {
var valid4 = true;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/basics/profiles/" + i0,schemaPath:"#/properties/basics/properties/profiles/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid3 = _errs36 === errors;
if(!valid3){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/basics/profiles",schemaPath:"#/properties/basics/properties/profiles/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid1 = _errs34 === errors;
}
else {
var valid1 = true;
}
}
}
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/basics",schemaPath:"#/properties/basics/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.work !== undefined){
let data20 = data.work;
const _errs45 = errors;
if(errors === _errs45){
if(Array.isArray(data20)){
var valid5 = true;
const len1 = data20.length;
for(let i1=0; i1<len1; i1++){
let data21 = data20[i1];
const _errs47 = errors;
if(errors === _errs47){
if(data21 && typeof data21 == "object" && !Array.isArray(data21)){
if(data21.name !== undefined){
const _errs50 = errors;
if(typeof data21.name !== "string"){
validate10.errors = [{instancePath:instancePath+"/work/" + i1+"/name",schemaPath:"#/properties/work/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid6 = _errs50 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data21.location !== undefined){
const _errs52 = errors;
if(typeof data21.location !== "string"){
validate10.errors = [{instancePath:instancePath+"/work/" + i1+"/location",schemaPath:"#/properties/work/items/properties/location/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid6 = _errs52 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data21.description !== undefined){
const _errs54 = errors;
if(typeof data21.description !== "string"){
validate10.errors = [{instancePath:instancePath+"/work/" + i1+"/description",schemaPath:"#/properties/work/items/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid6 = _errs54 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data21.position !== undefined){
const _errs56 = errors;
if(typeof data21.position !== "string"){
validate10.errors = [{instancePath:instancePath+"/work/" + i1+"/position",schemaPath:"#/properties/work/items/properties/position/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid6 = _errs56 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data21.url !== undefined){
let data26 = data21.url;
const _errs58 = errors;
if(errors === _errs58){
if(errors === _errs58){
if(typeof data26 === "string"){
if(!(formats0(data26))){
validate10.errors = [{instancePath:instancePath+"/work/" + i1+"/url",schemaPath:"#/properties/work/items/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/work/" + i1+"/url",schemaPath:"#/properties/work/items/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
}
var valid6 = _errs58 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data21.startDate !== undefined){
let data27 = data21.startDate;
const _errs60 = errors;
const _errs61 = errors;
if(errors === _errs61){
if(typeof data27 === "string"){
if(!pattern0.test(data27)){
validate10.errors = [{instancePath:instancePath+"/work/" + i1+"/startDate",schemaPath:"#/definitions/iso8601/pattern",keyword:"pattern",params:{pattern: "^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"},message:"must match pattern \""+"^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/work/" + i1+"/startDate",schemaPath:"#/definitions/iso8601/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid6 = _errs60 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data21.endDate !== undefined){
let data28 = data21.endDate;
const _errs63 = errors;
const _errs64 = errors;
if(errors === _errs64){
if(typeof data28 === "string"){
if(!pattern0.test(data28)){
validate10.errors = [{instancePath:instancePath+"/work/" + i1+"/endDate",schemaPath:"#/definitions/iso8601/pattern",keyword:"pattern",params:{pattern: "^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"},message:"must match pattern \""+"^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/work/" + i1+"/endDate",schemaPath:"#/definitions/iso8601/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid6 = _errs63 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data21.summary !== undefined){
const _errs66 = errors;
if(typeof data21.summary !== "string"){
validate10.errors = [{instancePath:instancePath+"/work/" + i1+"/summary",schemaPath:"#/properties/work/items/properties/summary/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid6 = _errs66 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data21.highlights !== undefined){
let data30 = data21.highlights;
const _errs68 = errors;
if(errors === _errs68){
if(Array.isArray(data30)){
var valid9 = true;
const len2 = data30.length;
for(let i2=0; i2<len2; i2++){
const _errs70 = errors;
if(typeof data30[i2] !== "string"){
validate10.errors = [{instancePath:instancePath+"/work/" + i1+"/highlights/" + i2,schemaPath:"#/properties/work/items/properties/highlights/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid9 = _errs70 === errors;
if(!valid9){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/work/" + i1+"/highlights",schemaPath:"#/properties/work/items/properties/highlights/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid6 = _errs68 === errors;
}
else {
var valid6 = true;
}
}
}
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/work/" + i1,schemaPath:"#/properties/work/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid5 = _errs47 === errors;
if(!valid5){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/work",schemaPath:"#/properties/work/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs45 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.volunteer !== undefined){
let data32 = data.volunteer;
const _errs72 = errors;
if(errors === _errs72){
if(Array.isArray(data32)){
var valid10 = true;
const len3 = data32.length;
for(let i3=0; i3<len3; i3++){
let data33 = data32[i3];
const _errs74 = errors;
if(errors === _errs74){
if(data33 && typeof data33 == "object" && !Array.isArray(data33)){
if(data33.organization !== undefined){
const _errs77 = errors;
if(typeof data33.organization !== "string"){
validate10.errors = [{instancePath:instancePath+"/volunteer/" + i3+"/organization",schemaPath:"#/properties/volunteer/items/properties/organization/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid11 = _errs77 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data33.position !== undefined){
const _errs79 = errors;
if(typeof data33.position !== "string"){
validate10.errors = [{instancePath:instancePath+"/volunteer/" + i3+"/position",schemaPath:"#/properties/volunteer/items/properties/position/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid11 = _errs79 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data33.url !== undefined){
let data36 = data33.url;
const _errs81 = errors;
if(errors === _errs81){
if(errors === _errs81){
if(typeof data36 === "string"){
if(!(formats0(data36))){
validate10.errors = [{instancePath:instancePath+"/volunteer/" + i3+"/url",schemaPath:"#/properties/volunteer/items/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/volunteer/" + i3+"/url",schemaPath:"#/properties/volunteer/items/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
}
var valid11 = _errs81 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data33.startDate !== undefined){
let data37 = data33.startDate;
const _errs83 = errors;
const _errs84 = errors;
if(errors === _errs84){
if(typeof data37 === "string"){
if(!pattern0.test(data37)){
validate10.errors = [{instancePath:instancePath+"/volunteer/" + i3+"/startDate",schemaPath:"#/definitions/iso8601/pattern",keyword:"pattern",params:{pattern: "^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"},message:"must match pattern \""+"^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/volunteer/" + i3+"/startDate",schemaPath:"#/definitions/iso8601/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid11 = _errs83 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data33.endDate !== undefined){
let data38 = data33.endDate;
const _errs86 = errors;
const _errs87 = errors;
if(errors === _errs87){
if(typeof data38 === "string"){
if(!pattern0.test(data38)){
validate10.errors = [{instancePath:instancePath+"/volunteer/" + i3+"/endDate",schemaPath:"#/definitions/iso8601/pattern",keyword:"pattern",params:{pattern: "^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"},message:"must match pattern \""+"^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/volunteer/" + i3+"/endDate",schemaPath:"#/definitions/iso8601/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid11 = _errs86 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data33.summary !== undefined){
const _errs89 = errors;
if(typeof data33.summary !== "string"){
validate10.errors = [{instancePath:instancePath+"/volunteer/" + i3+"/summary",schemaPath:"#/properties/volunteer/items/properties/summary/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid11 = _errs89 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data33.highlights !== undefined){
let data40 = data33.highlights;
const _errs91 = errors;
if(errors === _errs91){
if(Array.isArray(data40)){
var valid14 = true;
const len4 = data40.length;
for(let i4=0; i4<len4; i4++){
const _errs93 = errors;
if(typeof data40[i4] !== "string"){
validate10.errors = [{instancePath:instancePath+"/volunteer/" + i3+"/highlights/" + i4,schemaPath:"#/properties/volunteer/items/properties/highlights/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid14 = _errs93 === errors;
if(!valid14){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/volunteer/" + i3+"/highlights",schemaPath:"#/properties/volunteer/items/properties/highlights/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid11 = _errs91 === errors;
}
else {
var valid11 = true;
}
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/volunteer/" + i3,schemaPath:"#/properties/volunteer/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid10 = _errs74 === errors;
if(!valid10){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/volunteer",schemaPath:"#/properties/volunteer/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs72 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.education !== undefined){
let data42 = data.education;
const _errs95 = errors;
if(errors === _errs95){
if(Array.isArray(data42)){
var valid15 = true;
const len5 = data42.length;
for(let i5=0; i5<len5; i5++){
let data43 = data42[i5];
const _errs97 = errors;
if(errors === _errs97){
if(data43 && typeof data43 == "object" && !Array.isArray(data43)){
if(data43.institution !== undefined){
const _errs100 = errors;
if(typeof data43.institution !== "string"){
validate10.errors = [{instancePath:instancePath+"/education/" + i5+"/institution",schemaPath:"#/properties/education/items/properties/institution/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid16 = _errs100 === errors;
}
else {
var valid16 = true;
}
if(valid16){
if(data43.url !== undefined){
let data45 = data43.url;
const _errs102 = errors;
if(errors === _errs102){
if(errors === _errs102){
if(typeof data45 === "string"){
if(!(formats0(data45))){
validate10.errors = [{instancePath:instancePath+"/education/" + i5+"/url",schemaPath:"#/properties/education/items/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/education/" + i5+"/url",schemaPath:"#/properties/education/items/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
}
var valid16 = _errs102 === errors;
}
else {
var valid16 = true;
}
if(valid16){
if(data43.area !== undefined){
const _errs104 = errors;
if(typeof data43.area !== "string"){
validate10.errors = [{instancePath:instancePath+"/education/" + i5+"/area",schemaPath:"#/properties/education/items/properties/area/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid16 = _errs104 === errors;
}
else {
var valid16 = true;
}
if(valid16){
if(data43.studyType !== undefined){
const _errs106 = errors;
if(typeof data43.studyType !== "string"){
validate10.errors = [{instancePath:instancePath+"/education/" + i5+"/studyType",schemaPath:"#/properties/education/items/properties/studyType/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid16 = _errs106 === errors;
}
else {
var valid16 = true;
}
if(valid16){
if(data43.startDate !== undefined){
let data48 = data43.startDate;
const _errs108 = errors;
const _errs109 = errors;
if(errors === _errs109){
if(typeof data48 === "string"){
if(!pattern0.test(data48)){
validate10.errors = [{instancePath:instancePath+"/education/" + i5+"/startDate",schemaPath:"#/definitions/iso8601/pattern",keyword:"pattern",params:{pattern: "^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"},message:"must match pattern \""+"^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/education/" + i5+"/startDate",schemaPath:"#/definitions/iso8601/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid16 = _errs108 === errors;
}
else {
var valid16 = true;
}
if(valid16){
if(data43.endDate !== undefined){
let data49 = data43.endDate;
const _errs111 = errors;
const _errs112 = errors;
if(errors === _errs112){
if(typeof data49 === "string"){
if(!pattern0.test(data49)){
validate10.errors = [{instancePath:instancePath+"/education/" + i5+"/endDate",schemaPath:"#/definitions/iso8601/pattern",keyword:"pattern",params:{pattern: "^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"},message:"must match pattern \""+"^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/education/" + i5+"/endDate",schemaPath:"#/definitions/iso8601/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid16 = _errs111 === errors;
}
else {
var valid16 = true;
}
if(valid16){
if(data43.score !== undefined){
const _errs114 = errors;
if(typeof data43.score !== "string"){
validate10.errors = [{instancePath:instancePath+"/education/" + i5+"/score",schemaPath:"#/properties/education/items/properties/score/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid16 = _errs114 === errors;
}
else {
var valid16 = true;
}
if(valid16){
if(data43.courses !== undefined){
let data51 = data43.courses;
const _errs116 = errors;
if(errors === _errs116){
if(Array.isArray(data51)){
var valid19 = true;
const len6 = data51.length;
for(let i6=0; i6<len6; i6++){
const _errs118 = errors;
if(typeof data51[i6] !== "string"){
validate10.errors = [{instancePath:instancePath+"/education/" + i5+"/courses/" + i6,schemaPath:"#/properties/education/items/properties/courses/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid19 = _errs118 === errors;
if(!valid19){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/education/" + i5+"/courses",schemaPath:"#/properties/education/items/properties/courses/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid16 = _errs116 === errors;
}
else {
var valid16 = true;
}
}
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/education/" + i5,schemaPath:"#/properties/education/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid15 = _errs97 === errors;
if(!valid15){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/education",schemaPath:"#/properties/education/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs95 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.awards !== undefined){
let data53 = data.awards;
const _errs120 = errors;
if(errors === _errs120){
if(Array.isArray(data53)){
var valid20 = true;
const len7 = data53.length;
for(let i7=0; i7<len7; i7++){
let data54 = data53[i7];
const _errs122 = errors;
if(errors === _errs122){
if(data54 && typeof data54 == "object" && !Array.isArray(data54)){
if(data54.title !== undefined){
const _errs125 = errors;
if(typeof data54.title !== "string"){
validate10.errors = [{instancePath:instancePath+"/awards/" + i7+"/title",schemaPath:"#/properties/awards/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid21 = _errs125 === errors;
}
else {
var valid21 = true;
}
if(valid21){
if(data54.date !== undefined){
let data56 = data54.date;
const _errs127 = errors;
const _errs128 = errors;
if(errors === _errs128){
if(typeof data56 === "string"){
if(!pattern0.test(data56)){
validate10.errors = [{instancePath:instancePath+"/awards/" + i7+"/date",schemaPath:"#/definitions/iso8601/pattern",keyword:"pattern",params:{pattern: "^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"},message:"must match pattern \""+"^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/awards/" + i7+"/date",schemaPath:"#/definitions/iso8601/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid21 = _errs127 === errors;
}
else {
var valid21 = true;
}
if(valid21){
if(data54.awarder !== undefined){
const _errs130 = errors;
if(typeof data54.awarder !== "string"){
validate10.errors = [{instancePath:instancePath+"/awards/" + i7+"/awarder",schemaPath:"#/properties/awards/items/properties/awarder/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid21 = _errs130 === errors;
}
else {
var valid21 = true;
}
if(valid21){
if(data54.summary !== undefined){
const _errs132 = errors;
if(typeof data54.summary !== "string"){
validate10.errors = [{instancePath:instancePath+"/awards/" + i7+"/summary",schemaPath:"#/properties/awards/items/properties/summary/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid21 = _errs132 === errors;
}
else {
var valid21 = true;
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/awards/" + i7,schemaPath:"#/properties/awards/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid20 = _errs122 === errors;
if(!valid20){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/awards",schemaPath:"#/properties/awards/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs120 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.certificates !== undefined){
let data59 = data.certificates;
const _errs134 = errors;
if(errors === _errs134){
if(Array.isArray(data59)){
var valid23 = true;
const len8 = data59.length;
for(let i8=0; i8<len8; i8++){
let data60 = data59[i8];
const _errs136 = errors;
if(errors === _errs136){
if(data60 && typeof data60 == "object" && !Array.isArray(data60)){
if(data60.name !== undefined){
const _errs139 = errors;
if(typeof data60.name !== "string"){
validate10.errors = [{instancePath:instancePath+"/certificates/" + i8+"/name",schemaPath:"#/properties/certificates/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid24 = _errs139 === errors;
}
else {
var valid24 = true;
}
if(valid24){
if(data60.date !== undefined){
let data62 = data60.date;
const _errs141 = errors;
const _errs142 = errors;
if(errors === _errs142){
if(typeof data62 === "string"){
if(!pattern0.test(data62)){
validate10.errors = [{instancePath:instancePath+"/certificates/" + i8+"/date",schemaPath:"#/definitions/iso8601/pattern",keyword:"pattern",params:{pattern: "^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"},message:"must match pattern \""+"^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/certificates/" + i8+"/date",schemaPath:"#/definitions/iso8601/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid24 = _errs141 === errors;
}
else {
var valid24 = true;
}
if(valid24){
if(data60.url !== undefined){
let data63 = data60.url;
const _errs144 = errors;
if(errors === _errs144){
if(errors === _errs144){
if(typeof data63 === "string"){
if(!(formats0(data63))){
validate10.errors = [{instancePath:instancePath+"/certificates/" + i8+"/url",schemaPath:"#/properties/certificates/items/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/certificates/" + i8+"/url",schemaPath:"#/properties/certificates/items/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
}
var valid24 = _errs144 === errors;
}
else {
var valid24 = true;
}
if(valid24){
if(data60.issuer !== undefined){
const _errs146 = errors;
if(typeof data60.issuer !== "string"){
validate10.errors = [{instancePath:instancePath+"/certificates/" + i8+"/issuer",schemaPath:"#/properties/certificates/items/properties/issuer/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid24 = _errs146 === errors;
}
else {
var valid24 = true;
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/certificates/" + i8,schemaPath:"#/properties/certificates/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid23 = _errs136 === errors;
if(!valid23){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/certificates",schemaPath:"#/properties/certificates/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs134 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.publications !== undefined){
let data65 = data.publications;
const _errs148 = errors;
if(errors === _errs148){
if(Array.isArray(data65)){
var valid26 = true;
const len9 = data65.length;
for(let i9=0; i9<len9; i9++){
let data66 = data65[i9];
const _errs150 = errors;
if(errors === _errs150){
if(data66 && typeof data66 == "object" && !Array.isArray(data66)){
if(data66.name !== undefined){
const _errs153 = errors;
if(typeof data66.name !== "string"){
validate10.errors = [{instancePath:instancePath+"/publications/" + i9+"/name",schemaPath:"#/properties/publications/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid27 = _errs153 === errors;
}
else {
var valid27 = true;
}
if(valid27){
if(data66.publisher !== undefined){
const _errs155 = errors;
if(typeof data66.publisher !== "string"){
validate10.errors = [{instancePath:instancePath+"/publications/" + i9+"/publisher",schemaPath:"#/properties/publications/items/properties/publisher/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid27 = _errs155 === errors;
}
else {
var valid27 = true;
}
if(valid27){
if(data66.releaseDate !== undefined){
let data69 = data66.releaseDate;
const _errs157 = errors;
const _errs158 = errors;
if(errors === _errs158){
if(typeof data69 === "string"){
if(!pattern0.test(data69)){
validate10.errors = [{instancePath:instancePath+"/publications/" + i9+"/releaseDate",schemaPath:"#/definitions/iso8601/pattern",keyword:"pattern",params:{pattern: "^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"},message:"must match pattern \""+"^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/publications/" + i9+"/releaseDate",schemaPath:"#/definitions/iso8601/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid27 = _errs157 === errors;
}
else {
var valid27 = true;
}
if(valid27){
if(data66.url !== undefined){
let data70 = data66.url;
const _errs160 = errors;
if(errors === _errs160){
if(errors === _errs160){
if(typeof data70 === "string"){
if(!(formats0(data70))){
validate10.errors = [{instancePath:instancePath+"/publications/" + i9+"/url",schemaPath:"#/properties/publications/items/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/publications/" + i9+"/url",schemaPath:"#/properties/publications/items/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
}
var valid27 = _errs160 === errors;
}
else {
var valid27 = true;
}
if(valid27){
if(data66.summary !== undefined){
const _errs162 = errors;
if(typeof data66.summary !== "string"){
validate10.errors = [{instancePath:instancePath+"/publications/" + i9+"/summary",schemaPath:"#/properties/publications/items/properties/summary/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid27 = _errs162 === errors;
}
else {
var valid27 = true;
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/publications/" + i9,schemaPath:"#/properties/publications/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid26 = _errs150 === errors;
if(!valid26){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/publications",schemaPath:"#/properties/publications/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs148 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.skills !== undefined){
let data72 = data.skills;
const _errs164 = errors;
if(errors === _errs164){
if(Array.isArray(data72)){
var valid29 = true;
const len10 = data72.length;
for(let i10=0; i10<len10; i10++){
let data73 = data72[i10];
const _errs166 = errors;
if(errors === _errs166){
if(data73 && typeof data73 == "object" && !Array.isArray(data73)){
if(data73.name !== undefined){
const _errs169 = errors;
if(typeof data73.name !== "string"){
validate10.errors = [{instancePath:instancePath+"/skills/" + i10+"/name",schemaPath:"#/properties/skills/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid30 = _errs169 === errors;
}
else {
var valid30 = true;
}
if(valid30){
if(data73.level !== undefined){
const _errs171 = errors;
if(typeof data73.level !== "string"){
validate10.errors = [{instancePath:instancePath+"/skills/" + i10+"/level",schemaPath:"#/properties/skills/items/properties/level/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid30 = _errs171 === errors;
}
else {
var valid30 = true;
}
if(valid30){
if(data73.keywords !== undefined){
let data76 = data73.keywords;
const _errs173 = errors;
if(errors === _errs173){
if(Array.isArray(data76)){
var valid31 = true;
const len11 = data76.length;
for(let i11=0; i11<len11; i11++){
const _errs175 = errors;
if(typeof data76[i11] !== "string"){
validate10.errors = [{instancePath:instancePath+"/skills/" + i10+"/keywords/" + i11,schemaPath:"#/properties/skills/items/properties/keywords/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid31 = _errs175 === errors;
if(!valid31){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/skills/" + i10+"/keywords",schemaPath:"#/properties/skills/items/properties/keywords/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid30 = _errs173 === errors;
}
else {
var valid30 = true;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/skills/" + i10,schemaPath:"#/properties/skills/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid29 = _errs166 === errors;
if(!valid29){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/skills",schemaPath:"#/properties/skills/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs164 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.languages !== undefined){
let data78 = data.languages;
const _errs177 = errors;
if(errors === _errs177){
if(Array.isArray(data78)){
var valid32 = true;
const len12 = data78.length;
for(let i12=0; i12<len12; i12++){
let data79 = data78[i12];
const _errs179 = errors;
if(errors === _errs179){
if(data79 && typeof data79 == "object" && !Array.isArray(data79)){
if(data79.language !== undefined){
const _errs182 = errors;
if(typeof data79.language !== "string"){
validate10.errors = [{instancePath:instancePath+"/languages/" + i12+"/language",schemaPath:"#/properties/languages/items/properties/language/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid33 = _errs182 === errors;
}
else {
var valid33 = true;
}
if(valid33){
if(data79.fluency !== undefined){
const _errs184 = errors;
if(typeof data79.fluency !== "string"){
validate10.errors = [{instancePath:instancePath+"/languages/" + i12+"/fluency",schemaPath:"#/properties/languages/items/properties/fluency/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid33 = _errs184 === errors;
}
else {
var valid33 = true;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/languages/" + i12,schemaPath:"#/properties/languages/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid32 = _errs179 === errors;
if(!valid32){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/languages",schemaPath:"#/properties/languages/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs177 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.interests !== undefined){
let data82 = data.interests;
const _errs186 = errors;
if(errors === _errs186){
if(Array.isArray(data82)){
var valid34 = true;
const len13 = data82.length;
for(let i13=0; i13<len13; i13++){
let data83 = data82[i13];
const _errs188 = errors;
if(errors === _errs188){
if(data83 && typeof data83 == "object" && !Array.isArray(data83)){
if(data83.name !== undefined){
const _errs191 = errors;
if(typeof data83.name !== "string"){
validate10.errors = [{instancePath:instancePath+"/interests/" + i13+"/name",schemaPath:"#/properties/interests/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid35 = _errs191 === errors;
}
else {
var valid35 = true;
}
if(valid35){
if(data83.keywords !== undefined){
let data85 = data83.keywords;
const _errs193 = errors;
if(errors === _errs193){
if(Array.isArray(data85)){
var valid36 = true;
const len14 = data85.length;
for(let i14=0; i14<len14; i14++){
const _errs195 = errors;
if(typeof data85[i14] !== "string"){
validate10.errors = [{instancePath:instancePath+"/interests/" + i13+"/keywords/" + i14,schemaPath:"#/properties/interests/items/properties/keywords/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid36 = _errs195 === errors;
if(!valid36){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/interests/" + i13+"/keywords",schemaPath:"#/properties/interests/items/properties/keywords/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid35 = _errs193 === errors;
}
else {
var valid35 = true;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/interests/" + i13,schemaPath:"#/properties/interests/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid34 = _errs188 === errors;
if(!valid34){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/interests",schemaPath:"#/properties/interests/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs186 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.references !== undefined){
let data87 = data.references;
const _errs197 = errors;
if(errors === _errs197){
if(Array.isArray(data87)){
var valid37 = true;
const len15 = data87.length;
for(let i15=0; i15<len15; i15++){
let data88 = data87[i15];
const _errs199 = errors;
if(errors === _errs199){
if(data88 && typeof data88 == "object" && !Array.isArray(data88)){
if(data88.name !== undefined){
const _errs202 = errors;
if(typeof data88.name !== "string"){
validate10.errors = [{instancePath:instancePath+"/references/" + i15+"/name",schemaPath:"#/properties/references/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid38 = _errs202 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data88.reference !== undefined){
const _errs204 = errors;
if(typeof data88.reference !== "string"){
validate10.errors = [{instancePath:instancePath+"/references/" + i15+"/reference",schemaPath:"#/properties/references/items/properties/reference/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid38 = _errs204 === errors;
}
else {
var valid38 = true;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/references/" + i15,schemaPath:"#/properties/references/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid37 = _errs199 === errors;
if(!valid37){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/references",schemaPath:"#/properties/references/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs197 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.projects !== undefined){
let data91 = data.projects;
const _errs206 = errors;
if(errors === _errs206){
if(Array.isArray(data91)){
var valid39 = true;
const len16 = data91.length;
for(let i16=0; i16<len16; i16++){
let data92 = data91[i16];
const _errs208 = errors;
if(errors === _errs208){
if(data92 && typeof data92 == "object" && !Array.isArray(data92)){
if(data92.name !== undefined){
const _errs211 = errors;
if(typeof data92.name !== "string"){
validate10.errors = [{instancePath:instancePath+"/projects/" + i16+"/name",schemaPath:"#/properties/projects/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid40 = _errs211 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data92.description !== undefined){
const _errs213 = errors;
if(typeof data92.description !== "string"){
validate10.errors = [{instancePath:instancePath+"/projects/" + i16+"/description",schemaPath:"#/properties/projects/items/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid40 = _errs213 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data92.highlights !== undefined){
let data95 = data92.highlights;
const _errs215 = errors;
if(errors === _errs215){
if(Array.isArray(data95)){
var valid41 = true;
const len17 = data95.length;
for(let i17=0; i17<len17; i17++){
const _errs217 = errors;
if(typeof data95[i17] !== "string"){
validate10.errors = [{instancePath:instancePath+"/projects/" + i16+"/highlights/" + i17,schemaPath:"#/properties/projects/items/properties/highlights/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid41 = _errs217 === errors;
if(!valid41){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/projects/" + i16+"/highlights",schemaPath:"#/properties/projects/items/properties/highlights/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid40 = _errs215 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data92.keywords !== undefined){
let data97 = data92.keywords;
const _errs219 = errors;
if(errors === _errs219){
if(Array.isArray(data97)){
var valid42 = true;
const len18 = data97.length;
for(let i18=0; i18<len18; i18++){
const _errs221 = errors;
if(typeof data97[i18] !== "string"){
validate10.errors = [{instancePath:instancePath+"/projects/" + i16+"/keywords/" + i18,schemaPath:"#/properties/projects/items/properties/keywords/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid42 = _errs221 === errors;
if(!valid42){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/projects/" + i16+"/keywords",schemaPath:"#/properties/projects/items/properties/keywords/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid40 = _errs219 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data92.startDate !== undefined){
let data99 = data92.startDate;
const _errs223 = errors;
const _errs224 = errors;
if(errors === _errs224){
if(typeof data99 === "string"){
if(!pattern0.test(data99)){
validate10.errors = [{instancePath:instancePath+"/projects/" + i16+"/startDate",schemaPath:"#/definitions/iso8601/pattern",keyword:"pattern",params:{pattern: "^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"},message:"must match pattern \""+"^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/projects/" + i16+"/startDate",schemaPath:"#/definitions/iso8601/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid40 = _errs223 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data92.endDate !== undefined){
let data100 = data92.endDate;
const _errs226 = errors;
const _errs227 = errors;
if(errors === _errs227){
if(typeof data100 === "string"){
if(!pattern0.test(data100)){
validate10.errors = [{instancePath:instancePath+"/projects/" + i16+"/endDate",schemaPath:"#/definitions/iso8601/pattern",keyword:"pattern",params:{pattern: "^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"},message:"must match pattern \""+"^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/projects/" + i16+"/endDate",schemaPath:"#/definitions/iso8601/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid40 = _errs226 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data92.url !== undefined){
let data101 = data92.url;
const _errs229 = errors;
if(errors === _errs229){
if(errors === _errs229){
if(typeof data101 === "string"){
if(!(formats0(data101))){
validate10.errors = [{instancePath:instancePath+"/projects/" + i16+"/url",schemaPath:"#/properties/projects/items/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/projects/" + i16+"/url",schemaPath:"#/properties/projects/items/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
}
var valid40 = _errs229 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data92.roles !== undefined){
let data102 = data92.roles;
const _errs231 = errors;
if(errors === _errs231){
if(Array.isArray(data102)){
var valid45 = true;
const len19 = data102.length;
for(let i19=0; i19<len19; i19++){
const _errs233 = errors;
if(typeof data102[i19] !== "string"){
validate10.errors = [{instancePath:instancePath+"/projects/" + i16+"/roles/" + i19,schemaPath:"#/properties/projects/items/properties/roles/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid45 = _errs233 === errors;
if(!valid45){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/projects/" + i16+"/roles",schemaPath:"#/properties/projects/items/properties/roles/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid40 = _errs231 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data92.entity !== undefined){
const _errs235 = errors;
if(typeof data92.entity !== "string"){
validate10.errors = [{instancePath:instancePath+"/projects/" + i16+"/entity",schemaPath:"#/properties/projects/items/properties/entity/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid40 = _errs235 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data92.type !== undefined){
const _errs237 = errors;
if(typeof data92.type !== "string"){
validate10.errors = [{instancePath:instancePath+"/projects/" + i16+"/type",schemaPath:"#/properties/projects/items/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid40 = _errs237 === errors;
}
else {
var valid40 = true;
}
}
}
}
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/projects/" + i16,schemaPath:"#/properties/projects/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid39 = _errs208 === errors;
if(!valid39){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/projects",schemaPath:"#/properties/projects/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs206 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.meta !== undefined){
let data106 = data.meta;
const _errs239 = errors;
if(errors === _errs239){
if(data106 && typeof data106 == "object" && !Array.isArray(data106)){
if(data106.canonical !== undefined){
let data107 = data106.canonical;
const _errs242 = errors;
if(errors === _errs242){
if(errors === _errs242){
if(typeof data107 === "string"){
if(!(formats0(data107))){
validate10.errors = [{instancePath:instancePath+"/meta/canonical",schemaPath:"#/properties/meta/properties/canonical/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/meta/canonical",schemaPath:"#/properties/meta/properties/canonical/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
}
var valid46 = _errs242 === errors;
}
else {
var valid46 = true;
}
if(valid46){
if(data106.version !== undefined){
const _errs244 = errors;
if(typeof data106.version !== "string"){
validate10.errors = [{instancePath:instancePath+"/meta/version",schemaPath:"#/properties/meta/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid46 = _errs244 === errors;
}
else {
var valid46 = true;
}
if(valid46){
if(data106.lastModified !== undefined){
const _errs246 = errors;
if(typeof data106.lastModified !== "string"){
validate10.errors = [{instancePath:instancePath+"/meta/lastModified",schemaPath:"#/properties/meta/properties/lastModified/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid46 = _errs246 === errors;
}
else {
var valid46 = true;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/meta",schemaPath:"#/properties/meta/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs239 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate10.errors = vErrors;
return errors === 0;
}

